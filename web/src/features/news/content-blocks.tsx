import type { ContentBlock, Fragment } from '../../api/types';
import { AppLink } from '../../components/app-link';
import { fragmentUrl } from '../../components/cards';
import { Image } from '../../components/image';
import { InlineHtml } from '../../components/inline-html';
import { SocialEmbed } from '../../components/social-embed';
import { VideoPlayer } from '../../components/video-player';
import { formatDuration } from '../../lib/format-date';
import { CONTENT_IMAGE_WIDTHS } from '../../lib/images';
import { fragmentPlayable, ListenButton } from '../player';

/** The fragments of an article in reading order: a fragment plays with the ones after it as its queue. */
function articleFragments(blocks: ContentBlock[]): Fragment[] {
  return blocks.flatMap((b) => (b.type === 'fragment' ? [b.fragment] : []));
}

/** An article's content blocks as React elements (never raw HTML; a paragraph's markup through InlineHtml). */
export function ContentBlocks({ blocks }: { blocks: ContentBlock[] }) {
  const fragments = articleFragments(blocks);
  return (
    <div className="prose">
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'paragraph':
            // The server sanitised the html (content_safety.hpp); InlineHtml still builds only whitelisted elements.
            return <p key={i}>{block.html ? <InlineHtml html={block.html} /> : block.text}</p>;
          case 'heading':
            return <h2 key={i}>{block.text}</h2>;
          case 'list': {
            const items = block.items.map((item, j) => (
              <li key={j}>{item.html ? <InlineHtml html={item.html} /> : item.text}</li>
            ));
            return block.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
          }
          case 'image':
            return (
              <figure key={i} className="content-image">
                <Image src={block.url} alt={block.alt} width={CONTENT_IMAGE_WIDTHS[0]} height={405} />
                {(block.caption || block.credit) && (
                  <figcaption>
                    {block.caption}
                    {block.caption && block.credit ? ' ' : null}
                    {block.credit && <span className="content-image__credit">Beeld: {block.credit}</span>}
                  </figcaption>
                )}
              </figure>
            );
          case 'quote':
            return (
              <figure key={i} className="quote">
                <blockquote>
                  <p>{block.text}</p>
                </blockquote>
                {block.cite && <figcaption>— {block.cite}</figcaption>}
              </figure>
            );
          case 'fragment':
            return (
              <aside key={i} className="content-fragment" aria-label={`Fragment: ${block.fragment.title}`}>
                <p className="content-fragment__title">
                  <AppLink to={fragmentUrl(block.fragment)}>{block.fragment.title}</AppLink>
                </p>
                <p className="listen-row">
                  <ListenButton
                    playable={fragmentPlayable(
                      block.fragment,
                      fragments.slice(fragments.indexOf(block.fragment) + 1),
                    )}
                    label="Luister fragment"
                  />
                  {block.fragment.durationSeconds > 0 && (
                    <span className="audio-clip__duration">
                      Duur {formatDuration(block.fragment.durationSeconds)}
                    </span>
                  )}
                </p>
              </aside>
            );
          case 'video':
            return <VideoPlayer key={i} video={block.video} />;
          case 'social':
            return <SocialEmbed key={i} provider={block.network} url={block.url} title={block.text} />;
          default:
            return null;
        }
      })}
    </div>
  );
}
