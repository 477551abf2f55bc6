-- Content in every language (content/): a `contents` row is now one item (page, FAQ entry or notice) and its
-- title and body live per locale in `content_translations`, instead of one row per language group (1 Chinese,
-- 2 the rest). `content_seeds` records which seed sets a database has had, so a set is seeded once and an
-- operator's edits survive restarts, while a set added by a later release still reaches an existing database.
ALTER TABLE "contents" ADD COLUMN "slug" text;
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "topic" text;
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "published" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "published_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "content_translations" (
	"content_id" bigint NOT NULL REFERENCES "public"."contents"("id") ON DELETE CASCADE,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_translations_locale" CHECK ("locale" IN ('en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'th', 'zh-TW', 'zh-CN'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_translations_item_locale" ON "content_translations" USING btree ("content_id", "locale");
--> statement-breakpoint
CREATE TABLE "content_seeds" (
	"name" text PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Existing rows: each English row (group 2) becomes an item keeping its id, so links to it still work.
INSERT INTO "content_translations" ("content_id", "locale", "title", "body", "updated_at")
	SELECT "id", 'en', "title", "body", "updated_at" FROM "contents" WHERE "lang_group" = 2;
--> statement-breakpoint
-- A Chinese row (group 1) becomes the zh-CN text of the English item in the same place of its type (the
-- old seed wrote both groups in the same order); one without an English partner stays an item of its own.
INSERT INTO "content_translations" ("content_id", "locale", "title", "body", "updated_at")
	SELECT coalesce(en."id", zh."id"), 'zh-CN', zh."title", zh."body", zh."updated_at"
	FROM (SELECT *, row_number() OVER (PARTITION BY "type" ORDER BY "sort", "id") AS "rank"
			FROM "contents" WHERE "lang_group" = 1) zh
		LEFT JOIN (SELECT "id", "type", row_number() OVER (PARTITION BY "type" ORDER BY "sort", "id") AS "rank"
			FROM "contents" WHERE "lang_group" = 2) en ON en."type" = zh."type" AND en."rank" = zh."rank";
--> statement-breakpoint
DELETE FROM "contents" c WHERE NOT EXISTS (SELECT 1 FROM "content_translations" t WHERE t."content_id" = c."id");
--> statement-breakpoint
-- The old seed's FAQ and notice (English and Chinese only) give way to the help centre's, written in every
-- language: the help seed set is not recorded here, so the next start seeds it.
DELETE FROM "contents" WHERE "type" IN (4, 5);
--> statement-breakpoint
-- The old seed's pages get their slugs, so translations added later find them.
UPDATE "contents" c SET "slug" = s."slug"
	FROM "content_translations" t,
		(VALUES ('About Tradewind', 'about'), ('Terms of service', 'terms'), ('Privacy policy', 'privacy'),
			('Anti-money-laundering policy', 'aml'), ('Risk disclosure', 'risk'),
			('Simulated market data', 'simulated-data')) AS s("title", "slug")
	WHERE t."content_id" = c."id" AND t."locale" = 'en' AND t."title" = s."title";
--> statement-breakpoint
INSERT INTO "content_seeds" ("name", "seeded_at") SELECT 'pages', now() WHERE EXISTS (SELECT 1 FROM "contents");
--> statement-breakpoint
-- The home notice named the removed welcome notice; empty now means "the newest notice".
UPDATE "params" SET "value" = '' WHERE "key" = 'notice_content_id' AND "value" <> ''
	AND "value" NOT IN (SELECT "id"::text FROM "contents");
--> statement-breakpoint
DROP INDEX "contents_group_type";
--> statement-breakpoint
ALTER TABLE "contents" DROP COLUMN "lang_group";
--> statement-breakpoint
ALTER TABLE "contents" DROP COLUMN "title";
--> statement-breakpoint
ALTER TABLE "contents" DROP COLUMN "body";
--> statement-breakpoint
CREATE UNIQUE INDEX "contents_slug" ON "contents" USING btree ("slug");
--> statement-breakpoint
CREATE INDEX "contents_type" ON "contents" USING btree ("type", "published");
