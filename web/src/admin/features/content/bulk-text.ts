// The bulk actions of a content list (issue 54): which a user is offered for a type, the question
// that names the count, and the result in Dutch. Pure.
import type { BulkAction, BulkAnswer, ContentField, ContentType } from '../../api/content-client';

export const BULK_LABELS: Record<BulkAction, string> = {
  publish: 'Publiceren',
  unpublish: 'Offline halen',
  trash: 'Naar de prullenbak',
  category: 'Categorie wijzigen',
};

/** The field a category change sets: the type's reference field 'category' (articles), if any. */
export function categoryField(type: ContentType): ContentField | undefined {
  return type.fields.find((field) => field.name === 'category' && field.kind === 'reference');
}

/**
 * The actions `permissions` allow on `type`, by the rules of each item's own controls: publishing
 * and taking offline for one who may publish, the trash for one who may delete (station settings
 * for a beheerder), a category for one who may edit drafts (the server refuses per item what is on
 * the site when the role may not change that).
 */
export function bulkActions(type: ContentType, permissions: readonly string[]): BulkAction[] {
  const out: BulkAction[] = [];
  if (type.publication !== 'none' && permissions.includes(type.needs.publish))
    out.push('publish', 'unpublish');
  if (categoryField(type) && permissions.includes(type.needs.editDraft)) out.push('category');
  if (permissions.includes('delete_content') && (!type.settings || permissions.includes('edit_settings')))
    out.push('trash');
  return out;
}

/** "1 artikel", "3 nieuwsartikelen". */
export function countText(type: ContentType, count: number): string {
  return `${count} ${(count === 1 ? type.labelSingular : type.label).toLowerCase()}`;
}

/** What is asked before `action` on `count` items (`category`: the label of the one chosen). */
export function bulkQuestion(type: ContentType, action: BulkAction, count: number, category = ''): string {
  const what = countText(type, count);
  const one = count === 1;
  switch (action) {
    case 'publish':
      return `${what} publiceren? ${one ? 'Het staat' : 'Ze staan'} dan meteen op de site.`;
    case 'unpublish':
      return (
        `${what} offline halen? ${one ? 'Het verdwijnt' : 'Ze verdwijnen'} meteen van de site; ` +
        `met Publiceren zet je ${one ? 'het' : 'ze'} er weer op.`
      );
    case 'trash':
      return (
        `${what} naar de prullenbak verplaatsen? ${one ? 'Het gaat' : 'Ze gaan'} van de site; een ` +
        `eindredacteur of beheerder kan ${one ? 'het' : 'ze'} terugzetten.`
      );
    case 'category':
      return `De categorie van ${what} wijzigen in ‘${category}’?`;
  }
}

const DONE: Record<BulkAction, string> = {
  publish: 'gepubliceerd',
  unpublish: 'offline gehaald',
  trash: 'naar de prullenbak verplaatst',
  category: 'naar een andere categorie verplaatst',
};

/**
 * The result of a bulk action: how many were done ("2 van de 3 nieuwsartikelen gepubliceerd."),
 * and for each that was not, its title and why (`titles`: by id, as the list showed them).
 */
export function bulkResult(
  type: ContentType,
  action: BulkAction,
  answer: BulkAnswer,
  titles: ReadonlyMap<string, string>,
): { summary: string; failures: string[] } {
  const total = answer.results.length;
  const done = DONE[action];
  const summary =
    answer.failed === 0
      ? `${countText(type, total)} ${done}.`
      : `${answer.succeeded} van de ${countText(type, total)} ${done}.`;
  const failures = answer.results
    .filter((result) => !result.ok)
    .map(
      (result) =>
        `‘${titles.get(result.id) ?? result.id}’: ${result.error?.message ?? 'Dit item kon niet worden gewijzigd.'}`,
    );
  return { summary, failures };
}
