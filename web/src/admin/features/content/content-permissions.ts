// What the admin offers a user for an item, from the permissions the session lists
// (server/src/admin/roles.cpp) and what each type says its changes need (its `needs`, from the
// rule the server refuses by): a control the role cannot use is not offered, and what cannot be
// changed opens read-only with a sentence that says why and what the user can do. Pure.
import type { ContentItem, ContentType } from '../../api/content-client';

/** Whether the user may make a new item of `type` (never of a type the admin does not create). */
export function mayCreate(type: ContentType, permissions: readonly string[]): boolean {
  return !type.origin && permissions.includes(type.needs.create);
}

/** Whether the user may change `item`: a draft needs less than an item on the site (or scheduled). */
export function mayEdit(type: ContentType, item: ContentItem, permissions: readonly string[]): boolean {
  return permissions.includes(item.published ? type.needs.editPublished : type.needs.editDraft);
}

/**
 * Whether the user may keep a draft of `item` (issue 54): an item on the site (or scheduled) of a
 * type with publication, by one who may write drafts; the site keeps the published version.
 */
export function mayDraft(type: ContentType, item: ContentItem, permissions: readonly string[]): boolean {
  return (
    type.publication !== 'none' &&
    !type.settings &&
    item.published &&
    permissions.includes(type.needs.editDraft)
  );
}

/** Whether the user may publish items of `type`, and so decide what waits for review. */
export function mayPublish(type: ContentType, permissions: readonly string[]): boolean {
  return permissions.includes(type.needs.publish);
}

/** Who to ask for what a change needs. */
function whoToAsk(permission: string): string {
  return permission === 'edit_settings' ? 'een beheerder' : 'een eindredacteur';
}

/** Why `item` opens read-only for a user who may not change it, and what they can do instead. */
export function readOnlyText(type: ContentType, item: ContentItem): string {
  const ask = whoToAsk(item.published ? type.needs.editPublished : type.needs.editDraft);
  if (type.settings)
    return `Dit is een instelling van het station. Je rol mag het bekijken, niet wijzigen: vraag ${ask} om een wijziging.`;
  if (type.publication === 'none')
    return `Dit item staat meteen op de site, zonder concept. Je rol mag het bekijken, niet wijzigen: vraag ${ask} om een wijziging.`;
  const where =
    item.state === 'scheduled'
      ? 'is ingepland om op de site te komen'
      : item.state === 'expired'
        ? 'is gepubliceerd geweest'
        : 'staat op de site';
  return (
    `Dit item ${where}. Je rol mag gepubliceerde inhoud lezen, niet wijzigen: vraag ${ask} om een ` +
    'wijziging, of om het offline te halen zodat je het als concept verder kunt schrijven.'
  );
}

/** What the address of a new item says to a user who may not make one of `type`. */
export function createRefusedText(type: ContentType): string {
  return (
    `Je rol mag geen nieuwe ${type.label.toLowerCase()} aanmaken. Vraag ${whoToAsk(type.needs.create)} ` +
    `om er een te maken; bekijken kan onder ‘${type.label}’.`
  );
}
