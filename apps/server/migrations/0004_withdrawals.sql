CREATE TABLE "withdrawal_methods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"bank_name" text,
	"holder_name" text,
	"card_sealed" text,
	"card_last4" text,
	"network" text,
	"address" text,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawal_methods_shape" CHECK (("withdrawal_methods"."type" = 'bank' and "withdrawal_methods"."bank_name" is not null and "withdrawal_methods"."holder_name" is not null
            and "withdrawal_methods"."card_sealed" is not null and "withdrawal_methods"."card_last4" ~ '^[0-9]{4}$' and "withdrawal_methods"."network" is null and "withdrawal_methods"."address" is null)
          or ("withdrawal_methods"."type" = 'usdt' and "withdrawal_methods"."network" in ('TRC20', 'ERC20') and "withdrawal_methods"."address" is not null
            and "withdrawal_methods"."bank_name" is null and "withdrawal_methods"."holder_name" is null and "withdrawal_methods"."card_sealed" is null and "withdrawal_methods"."card_last4" is null))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"method_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"fee_rate_ppm" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"hold_entry_id" bigint NOT NULL,
	"settle_entry_id" bigint,
	"reviewed_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_status_valid" CHECK ("withdrawals"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "withdrawals_reviewed" CHECK (("withdrawals"."status" = 'pending') = ("withdrawals"."reviewed_at" is null)),
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."amount_minor" > 0 and "withdrawals"."fee_minor" >= 0 and "withdrawals"."fee_minor" < "withdrawals"."amount_minor"),
	CONSTRAINT "withdrawals_fee_rate" CHECK ("withdrawals"."fee_rate_ppm" between 0 and 999999)
);
--> statement-breakpoint
ALTER TABLE "withdrawal_methods" ADD CONSTRAINT "withdrawal_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_method_id_withdrawal_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."withdrawal_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_entry_id_journal_entries_id_fk" FOREIGN KEY ("hold_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_settle_entry_id_journal_entries_id_fk" FOREIGN KEY ("settle_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_methods_user_fingerprint" ON "withdrawal_methods" USING btree ("user_id","fingerprint");--> statement-breakpoint
CREATE INDEX "withdrawal_methods_user" ON "withdrawal_methods" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_hold_entry" ON "withdrawals" USING btree ("hold_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_settle_entry" ON "withdrawals" USING btree ("settle_entry_id");