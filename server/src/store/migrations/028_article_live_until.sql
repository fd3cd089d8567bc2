-- The end of an article's live coverage (issue 39 #20): while it runs, the article's 'Live' label
-- shows; after it, or without one, the story is no longer presented as live. Unix seconds, nullable.

ALTER TABLE articles ADD COLUMN live_until BIGINT;
