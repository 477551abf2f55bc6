-- Google sign-in flows (auth/google.ts): the `state`, PKCE `code_verifier` and `nonce` the server issued with
-- each authorization URL. The code exchange claims its flow once (used_at), so a code minted for another
-- flow, a replayed return URL or a state this server never issued is refused server-side, not only by the
-- browser's check. Rows are pruned an hour after they were issued.
CREATE TABLE "google_flows" (
  "state" text PRIMARY KEY,
  "code_verifier" text NOT NULL,
  "nonce" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "google_flows_created" ON "google_flows" ("created_at");
