import { describe, expect, it } from 'vitest';
import { contentField, programmesType, typeNeeds } from '../../test-support/content-fixtures';
import { bulkActions, bulkQuestion, bulkResult } from './bulk-text';

const articles = programmesType({
  name: 'articles',
  label: 'Nieuwsartikelen',
  labelSingular: 'Artikel',
  publication: 'dated',
  needs: typeNeeds('dated'),
  fields: [
    contentField('title', 'Titel', 'text'),
    { ...contentField('category', 'Categorie', 'reference'), reference: 'news-categories' },
  ],
});

const redacteur = ['edit_drafts', 'read_listeners'];
const eindredacteur = ['edit_drafts', 'edit_published', 'publish', 'delete_content', 'read_audit'];

describe('the bulk actions a role is offered', () => {
  it('offers an eindredacteur every action, a redacteur only the category', () => {
    expect(bulkActions(articles, eindredacteur)).toEqual(['publish', 'unpublish', 'category', 'trash']);
    expect(bulkActions(articles, redacteur)).toEqual(['category']);
  });
});

describe('the question and the result', () => {
  it('names the count', () => {
    expect(bulkQuestion(articles, 'publish', 2)).toBe(
      '2 nieuwsartikelen publiceren? Ze staan dan meteen op de site.',
    );
    expect(bulkQuestion(articles, 'trash', 1)).toBe(
      '1 artikel naar de prullenbak verplaatsen? Het gaat van de site; een eindredacteur of beheerder kan het terugzetten.',
    );
    expect(bulkQuestion(articles, 'category', 3, 'Sport')).toBe(
      'De categorie van 3 nieuwsartikelen wijzigen in ‘Sport’?',
    );
  });

  it('says how many were done and why the others were not', () => {
    const answer = {
      succeeded: 1,
      failed: 1,
      results: [
        { id: '4', ok: true },
        {
          id: '5',
          ok: false,
          error: { code: 'conflict', message: 'Iemand anders heeft dit item intussen gewijzigd.' },
        },
      ],
    };
    const titles = new Map([
      ['4', 'Storm'],
      ['5', 'Brand'],
    ]);
    expect(bulkResult(articles, 'publish', answer, titles)).toEqual({
      summary: '1 van de 2 nieuwsartikelen gepubliceerd.',
      failures: ['‘Brand’: Iemand anders heeft dit item intussen gewijzigd.'],
    });
    expect(
      bulkResult(articles, 'unpublish', { succeeded: 1, failed: 0, results: [{ id: '4', ok: true }] }, titles)
        .summary,
    ).toBe('1 artikel offline gehaald.');
  });
});
