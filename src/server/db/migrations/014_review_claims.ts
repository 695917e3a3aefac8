/**
 * Migration 14 (DESIGN.md, Several people at once): the work queue's claims. One row per claimed
 * review item, so that no item is ever in two leases (the primary key); who holds it (the token's
 * username), until when, and since when. A lease that has run out is free: rows are not deleted
 * when it does, the next claimer takes the row over. Items are not referenced by a foreign key:
 * a claim is released in the transaction of a decision on its item, and a deleted item's claim
 * only lingers until it runs out.
 */
export const reviewClaims: readonly string[] = [
  `CREATE TABLE review_claims (
       service text NOT NULL CHECK (service IN ('tweets', 'news')),
       item_id bigint NOT NULL,
       holder text NOT NULL,
       expires_at timestamptz NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (service, item_id)
     )`,
  // A reviewer's own claims (renewal, release of all of them, a restarted console's page).
  'CREATE INDEX review_claims_holder ON review_claims (holder, service, item_id)',
  // Who is reviewing now: the leases still running.
  'CREATE INDEX review_claims_expiry ON review_claims (expires_at)',
];
