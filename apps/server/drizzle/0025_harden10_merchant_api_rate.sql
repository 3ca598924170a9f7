CREATE TABLE "merchant_api_rate" (
	"merchant_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "merchant_api_rate_merchant_id_window_start_pk" PRIMARY KEY("merchant_id","window_start")
);
