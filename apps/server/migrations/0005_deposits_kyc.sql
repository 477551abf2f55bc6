CREATE TABLE "uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "uploads_purpose_valid" CHECK ("uploads"."purpose" in ('deposit_proof', 'kyc'))
);
--> statement-breakpoint
CREATE TABLE "deposit_channels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"min_amount_minor" bigint NOT NULL,
	"rate_minor" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_channels_asset_valid" CHECK ("deposit_channels"."asset" in ('USDT', 'BTC', 'ETH')),
	CONSTRAINT "deposit_channels_min_positive" CHECK ("deposit_channels"."min_amount_minor" > 0),
	CONSTRAINT "deposit_channels_rate_positive" CHECK ("deposit_channels"."rate_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"pay_amount_minor" bigint NOT NULL,
	"rate_minor" bigint NOT NULL,
	"tx_hash" text NOT NULL,
	"last6" text,
	"proof_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewed_by" bigint,
	"entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "deposits_status_valid" CHECK ("deposits"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "deposits_amounts_positive" CHECK ("deposits"."amount_minor" > 0 and "deposits"."pay_amount_minor" > 0 and "deposits"."rate_minor" > 0),
	CONSTRAINT "deposits_entry_iff_approved" CHECK (("deposits"."status" = 'approved') = ("deposits"."entry_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"sex" text NOT NULL,
	"birthdate" date NOT NULL,
	"country" text NOT NULL,
	"address" text NOT NULL,
	"area_code" text NOT NULL,
	"phone" text NOT NULL,
	"doc_type" text NOT NULL,
	"front_name" text NOT NULL,
	"back_name" text NOT NULL,
	"selfie_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewed_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "kyc_submissions_status_valid" CHECK ("kyc_submissions"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "kyc_submissions_sex_valid" CHECK ("kyc_submissions"."sex" in ('male', 'female', 'other')),
	CONSTRAINT "kyc_submissions_doc_type_valid" CHECK ("kyc_submissions"."doc_type" in ('id_card', 'passport', 'driver_licence'))
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_channel_id_deposit_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."deposit_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_proof_name_uploads_name_fk" FOREIGN KEY ("proof_name") REFERENCES "public"."uploads"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_front_name_uploads_name_fk" FOREIGN KEY ("front_name") REFERENCES "public"."uploads"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_back_name_uploads_name_fk" FOREIGN KEY ("back_name") REFERENCES "public"."uploads"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_selfie_name_uploads_name_fk" FOREIGN KEY ("selfie_name") REFERENCES "public"."uploads"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_channels_asset_network" ON "deposit_channels" USING btree ("asset","network");--> statement-breakpoint
CREATE INDEX "deposits_user" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "deposits_status" ON "deposits" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_tx_hash_live" ON "deposits" USING btree ("network",lower("tx_hash")) WHERE "deposits"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "kyc_submissions_user" ON "kyc_submissions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_status" ON "kyc_submissions" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_one_pending" ON "kyc_submissions" USING btree ("user_id") WHERE "kyc_submissions"."status" = 'pending';