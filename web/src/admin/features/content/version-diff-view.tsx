import type { StoredBlock } from '../../components/block-editor/blocks';
import {
  blockImage,
  blockName,
  blockText,
  type BlockChange,
  type FieldDiff,
  type WordPart,
} from './version-diff';

/** Words with what was added underlined and what was removed struck through; both also said in words. */
export function Words({ parts }: { parts: readonly WordPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'added' ? (
          <ins key={index}>
            <span className="visually-hidden">[toegevoegd: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </ins>
        ) : part.kind === 'removed' ? (
          <del key={index}>
            <span className="visually-hidden">[verwijderd: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

const BLOCK_STATE: Record<BlockChange['kind'], string> = {
  same: 'ongewijzigd',
  added: 'toegevoegd',
  removed: 'verwijderd',
  changed: 'gewijzigd',
};

/** A picture of a version, small: what changed is seen, not read as a path. */
function Picture({ url, label }: { url: string; label: string }) {
  if (!url) return <span className="admin-muted">(geen afbeelding)</span>;
  return <img className="admin-diff-picture" src={url} alt={label} width={120} height={68} loading="lazy" />;
}

/** The picture before and after, each said as such. */
function Pictures({ before, after }: { before: string; after: string }) {
  if (before === after) return <Picture url={after} label="Afbeelding" />;
  return (
    <span className="admin-diff-pictures">
      <del>
        <Picture url={before} label="Vorige afbeelding" />
      </del>{' '}
      <ins>
        <Picture url={after} label="Nieuwe afbeelding" />
      </ins>
    </span>
  );
}

function BlockRow({ change }: { change: BlockChange }) {
  const block: StoredBlock = change.kind === 'changed' ? change.after : change.block;
  const before = change.kind === 'changed' ? blockImage(change.before) : '';
  const picture = blockImage(block);
  return (
    <li className={`admin-diff-block admin-diff-${change.kind}`}>
      <span className="admin-diff-block-name">
        {blockName(block)} ({BLOCK_STATE[change.kind]}):
      </span>{' '}
      {(picture || before) && (
        <>
          <Pictures before={change.kind === 'changed' ? before : picture} after={picture} />{' '}
        </>
      )}
      {change.kind === 'changed' ? (
        <Words parts={change.words} />
      ) : change.kind === 'added' ? (
        <Words parts={[{ kind: 'added', text: blockText(block) }]} />
      ) : change.kind === 'removed' ? (
        <Words parts={[{ kind: 'removed', text: blockText(block) }]} />
      ) : (
        <span className="admin-muted">{blockText(block)}</span>
      )}
    </li>
  );
}

/**
 * Every changed field of a diff: a text field's words, a body's blocks (the unchanged ones too, so
 * that the changed ones can be found). `empty` is said when nothing differs.
 */
export function VersionDiffView({
  diffs,
  empty = 'Geen verschillen.',
}: {
  diffs: readonly FieldDiff[];
  empty?: string;
}) {
  if (!diffs.length) return <p>{empty}</p>;
  return (
    <dl className="admin-diff">
      {diffs.map((diff) => (
        <div key={diff.name} className="admin-diff-field">
          <dt>{diff.label}</dt>
          <dd>
            {diff.kind === 'text' ? (
              <Words parts={diff.words} />
            ) : diff.kind === 'image' ? (
              <Pictures before={diff.before} after={diff.after} />
            ) : (
              <ol className="admin-diff-blocks">
                {diff.blocks.map((change, index) => (
                  <BlockRow key={index} change={change} />
                ))}
              </ol>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
