-- Seeded texts that follow their module (content/seed.ts): `seed_version` is the version of the seeded text a
-- translation holds, so a start whose module has a newer version replaces it (an old stub by version 1.0, 1.0
-- by 1.1); null means a person wrote or edited the text, and the seed never touches it again.
ALTER TABLE "content_translations" ADD COLUMN "seed_version" text;
--> statement-breakpoint
ALTER TABLE "content_translations" ADD CONSTRAINT "content_translations_seed_version"
	CHECK ("seed_version" ~ '^[0-9]+(\.[0-9]+)*$');
--> statement-breakpoint
-- Until now only the seed wrote texts of items with a slug (migration 0017 gave slugs to the old seed's pages
-- only, and no back-office editor exists yet), so those are seeded texts of an unknown, older version: '0'
-- makes the next start bring them up to the module's. Items without a slug (the old Chinese-only statement)
-- are nobody's seed: null.
UPDATE "content_translations" t SET "seed_version" = '0'
	FROM "contents" c WHERE c."id" = t."content_id" AND c."slug" IS NOT NULL;
