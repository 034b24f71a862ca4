CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"method" text NOT NULL,
	"key" text NOT NULL,
	"params_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_method_key_pk" PRIMARY KEY("scope","method","key")
);
