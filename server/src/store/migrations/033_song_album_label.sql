-- A song's album and record label (issue 52's royalty report): what SENA and SoundExchange ask
-- for besides the ISRC. Both nullable; an external playout's ingest fills them where it sends them.

ALTER TABLE songs ADD COLUMN album TEXT;
ALTER TABLE songs ADD COLUMN label TEXT;
