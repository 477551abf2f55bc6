-- The cluster's leader (issue 15): one row per lease, renewed by its holder's heartbeat. A node takes the
-- lease when it has expired (by the database's clock) or was released; every acquisition increments the
-- term. Every leader write checks (holder, term) in its own transaction FOR KEY SHARE, so a takeover (FOR
-- UPDATE of this row) waits for the old leader's writes in flight and any later write of the old term fails.
CREATE TABLE "leader_lease" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text,
	"term" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leader_lease_term_positive" CHECK ("term" > 0)
);
