CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"book" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"user_id" bigint,
	"book" text NOT NULL,
	"asset" text NOT NULL,
	"purpose" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_accounts_owner_valid" CHECK (("ledger_accounts"."owner_type" = 'user') = ("ledger_accounts"."user_id" is not null)),
	CONSTRAINT "ledger_accounts_book_valid" CHECK ("ledger_accounts"."book" in ('demo', 'real')),
	CONSTRAINT "ledger_accounts_customer_nonnegative" CHECK ("ledger_accounts"."owner_type" <> 'user' or "ledger_accounts"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_ref" ON "journal_entries" USING btree ("ref");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_key" ON "ledger_accounts" USING btree ("user_id","book","asset","purpose") WHERE "ledger_accounts"."owner_type" = 'user';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_platform_key" ON "ledger_accounts" USING btree ("book","asset","purpose") WHERE "ledger_accounts"."owner_type" = 'platform';--> statement-breakpoint
CREATE INDEX "postings_account" ON "postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "postings_entry" ON "postings" USING btree ("entry_id");