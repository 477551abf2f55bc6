-- The back office's content editor (issue 13).
--
-- `edited_at`: when a person last changed the item's texts in the back office; null while they are as the seed
-- wrote them. The seed (content/seed.ts) neither upgrades nor fills in languages of an edited item: a newer
-- seeded Japanese text translates the seed's English, not the operator's, and a language the operator removed
-- must stay removed.
-- `revision`: raised by every change, so an editor that saves on top of a revision it did not read (another
-- operator saved meanwhile) is refused instead of silently undoing the other's work.
ALTER TABLE "contents" ADD COLUMN "edited_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;
