-- The invite programme (invite/): one reward per invitee, paid to the inviter's real book from the platform's
-- marketing expense when the invitee's first deposit is approved. "Once" is the unique invitee: of two
-- approvals racing, the second insert finds the first's row (ON CONFLICT DO NOTHING) and pays nothing.
-- The row is claimed before its entry is posted, so "every reward has its entry" can only hold at commit: a
-- deferred constraint trigger checks it there.
CREATE TABLE "invite_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invitee_id" bigint NOT NULL REFERENCES "public"."users"("id"),
	"inviter_id" bigint NOT NULL REFERENCES "public"."users"("id"),
	"deposit_id" bigint NOT NULL REFERENCES "public"."deposits"("id"),
	"amount_minor" bigint NOT NULL,
	"entry_id" bigint REFERENCES "public"."journal_entries"("id"),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invite_rewards_amount" CHECK ("amount_minor" > 0),
	CONSTRAINT "invite_rewards_not_self" CHECK ("invitee_id" <> "inviter_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invite_rewards_invitee" ON "invite_rewards" USING btree ("invitee_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "invite_rewards_entry" ON "invite_rewards" USING btree ("entry_id");
--> statement-breakpoint
CREATE INDEX "invite_rewards_inviter" ON "invite_rewards" USING btree ("inviter_id", "id");
--> statement-breakpoint
-- inviteInfo lists a user's invitees.
CREATE INDEX "users_invited_by" ON "users" USING btree ("invited_by", "id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invite_reward_posted() RETURNS trigger AS $$
BEGIN
  -- Deferred: the row is read as it stands at commit, not as the triggering statement left it.
  IF EXISTS (SELECT 1 FROM "invite_rewards" r WHERE r.id = NEW.id AND r.entry_id IS NULL) THEN
    RAISE EXCEPTION 'invite reward % has no ledger entry', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = TG_NAME;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invite_rewards_posted" AFTER INSERT OR UPDATE ON "invite_rewards"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION invite_reward_posted();
