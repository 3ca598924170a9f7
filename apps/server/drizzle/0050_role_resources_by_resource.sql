-- The permission check of every request (sessions.ts, and a list page's statement) goes from the
-- resource to the roles that have it; the primary key (role_id, resource_id) cannot serve that, and
-- each request read every grant (a hash join over role_resources).
CREATE INDEX "role_resources_resource_idx" ON "role_resources" USING btree ("resource_id","role_id");
