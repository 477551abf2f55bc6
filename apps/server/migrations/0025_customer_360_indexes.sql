-- The back office's customer 360 (issue 13, customers/): every section reads a customer's latest rows by an
-- index. Audit rows are found by their target (`user:<id>`, `deposit:<id>`, …) and adjustments by customer;
-- neither had an index, so each 360 view read the whole audit log and every adjustment.
CREATE INDEX "audit_log_target" ON "audit_log" USING btree ("target", "id");
--> statement-breakpoint
CREATE INDEX "adjustments_user" ON "adjustments" USING btree ("user_id", "id");
