-- The support inbox (support/): one conversation per customer, and its messages. Read markers live on the
-- messages (`read_at`: when the other side opened it), so the unread counts of both sides are computed
-- and cannot drift from the messages. A staff message names its author; a customer message names none.
CREATE TABLE "support_threads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL REFERENCES "public"."users"("id"),
	"status" text NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_threads_status_valid" CHECK ("status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "support_threads_user" ON "support_threads" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "support_threads_last_message" ON "support_threads" USING btree ("last_message_at");
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"thread_id" bigint NOT NULL REFERENCES "public"."support_threads"("id"),
	"author" text NOT NULL,
	"admin_id" bigint REFERENCES "public"."admins"("id"),
	"text" text NOT NULL,
	"image_name" text REFERENCES "public"."uploads"("name"),
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "support_messages_author_valid" CHECK (
		("author" = 'customer' and "admin_id" is null) or ("author" = 'staff' and "admin_id" is not null)
	),
	CONSTRAINT "support_messages_text_length" CHECK (char_length("text") between 1 and 2000)
);
--> statement-breakpoint
CREATE INDEX "support_messages_thread" ON "support_messages" USING btree ("thread_id", "id");
--> statement-breakpoint
-- A support image is an upload like a deposit proof, read by staff with the answerSupport permission.
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_purpose_valid";
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_purpose_valid" CHECK ("purpose" in ('deposit_proof', 'kyc', 'support'));
