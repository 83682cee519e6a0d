-- The four roles of both specs (customer-app §6, admin-app §6); role ids are what the users service exchanges.
INSERT INTO "roles" ("name") VALUES ('admin'), ('customer'), ('client'), ('user') ON CONFLICT ("name") DO NOTHING;
