import type { StoredBlock } from '../../components/block-editor/blocks';
import { blockName, blockText, valueText } from './version-diff';
import type { Choice, MergeConflict } from './version-merge';

function shown(conflict: MergeConflict, value: unknown): string {
  if (conflict.position === undefined) return valueText(value) || '(leeg)';
  const blocks = value as StoredBlock[];
  if (!blocks.length) return '(blok verwijderd)';
  return blocks.map((block) => `${blockName(block)}: ${blockText(block)}`).join(' / ');
}

interface MergeChoicesProps {
  conflicts: readonly MergeConflict[];
  choices: Readonly<Record<string, Choice>>;
  onChoose: (id: string, choice: Choice) => void;
}

/**
 * The places both editors changed differently, after a merge: per field or body block, a choice
 * between mine (in the form now) and the colleague's. Nothing is saved until Opslaan.
 */
export function MergeChoices({ conflicts, choices, onChoose }: MergeChoicesProps) {
  return (
    <>
      {conflicts.map((conflict) => {
        const choice = choices[conflict.id] ?? 'mine';
        const name = `merge-${conflict.id}`;
        return (
          <fieldset key={conflict.id} className="admin-merge-choice">
            <legend>
              {conflict.label}
              {conflict.position !== undefined ? `, blok ${conflict.position}` : ''}: jullie wijzigden dit
              allebei
            </legend>
            <label>
              <input
                type="radio"
                name={name}
                checked={choice === 'mine'}
                onChange={() => onChoose(conflict.id, 'mine')}
              />{' '}
              Mijn versie: {shown(conflict, conflict.mine)}
            </label>
            <label>
              <input
                type="radio"
                name={name}
                checked={choice === 'theirs'}
                onChange={() => onChoose(conflict.id, 'theirs')}
              />{' '}
              Versie van je collega: {shown(conflict, conflict.theirs)}
            </label>
          </fieldset>
        );
      })}
    </>
  );
}
