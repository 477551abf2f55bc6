-- Google sign-in with two-factor on (issue 25): a Google account that resolves to a customer with a second
-- factor, on a device not known, opens no session; the claimed flow keeps whom it resolved to until
-- `pending_until`, and a later loginByGoogle with the flow's state and the customer's code finishes it once.
ALTER TABLE "google_flows" ADD COLUMN "pending_user_id" bigint REFERENCES "users"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "google_flows" ADD COLUMN "pending_until" timestamp with time zone;
