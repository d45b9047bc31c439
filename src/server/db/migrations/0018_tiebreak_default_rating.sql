-- A new tournament ranks by points, then rating (docs/requirements.md §2; DEFAULT_TIEBREAK_ORDER in
-- src/domain/scoring/tiebreak-keys.ts, ADR 013). Existing tournaments keep the order they stored.
ALTER TABLE "tournaments" ALTER COLUMN "tiebreak_order" SET DEFAULT '["rating"]'::jsonb;
