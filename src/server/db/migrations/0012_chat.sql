CREATE TABLE "conversation_members" (
	"conversation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"partner_id" bigint NOT NULL,
	"last_message_id" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_read_message_id" bigint DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"cleared_message_id" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_members_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id"),
	CONSTRAINT "conversation_members_unread_nonneg" CHECK ("conversation_members"."unread" >= 0)
);
--> statement-breakpoint
DROP INDEX "messages_conversation_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "gift" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "free_messages" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "free_history_messages" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_members_pair_unique" ON "conversation_members" USING btree ("user_id","partner_id");--> statement-breakpoint
CREATE INDEX "conversation_members_list_idx" ON "conversation_members" USING btree ("user_id","last_message_at" DESC NULLS FIRST) WHERE "conversation_members"."last_message_id" > "conversation_members"."cleared_message_id";--> statement-breakpoint
CREATE INDEX "conversations_started_by_idx" ON "conversations" USING btree ("started_by") WHERE "conversations"."started_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_sender_recent_idx" ON "messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_unique" ON "messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind" CHECK ("messages"."kind" in ('text', 'gift', 'photo'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_credits_nonneg" CHECK ("messages"."credits" >= 0);--> statement-breakpoint
-- Existing conversations (signup messages): both members' sides, their last visible message and unread count.
INSERT INTO "conversation_members" ("conversation_id", "user_id", "partner_id")
  SELECT "id", "user_low", "user_high" FROM "conversations"
  UNION ALL SELECT "id", "user_high", "user_low" FROM "conversations"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "conversation_members" AS cm SET
  "last_message_id" = coalesce(v."id", 0), "last_message_at" = v."created_at",
  "unread" = (SELECT count(*) FROM "messages" AS u WHERE u."conversation_id" = cm."conversation_id"
              AND u."sender_id" = cm."partner_id" AND NOT u."held" AND u."read_at" IS NULL)
  FROM (SELECT cm2."conversation_id", cm2."user_id", last."id", last."created_at" FROM "conversation_members" AS cm2
        LEFT JOIN LATERAL (SELECT m."id", m."created_at" FROM "messages" AS m WHERE m."conversation_id" = cm2."conversation_id"
                           AND (m."sender_id" = cm2."user_id" OR NOT m."held") ORDER BY m."id" DESC LIMIT 1) AS last ON true) AS v
  WHERE v."conversation_id" = cm."conversation_id" AND v."user_id" = cm."user_id";--> statement-breakpoint
UPDATE "conversations" AS c SET "started_at" = (SELECT min(coalesce(m."delivered_at", m."created_at")) FROM "messages" AS m
  WHERE m."conversation_id" = c."id" AND NOT m."held");
