/** A per-client (IP) limit: at most `max` requests per `timeWindow` milliseconds. */
export interface RateLimit {
  max: number;
  timeWindow: number;
}

/**
 * Endpoints that write (complaints now; sign-up, codes, sales later). Generous enough for a
 * family filling forms behind one IP, low enough to stop a script filling the database.
 */
export const WRITE_RATE_LIMIT: RateLimit = { max: 20, timeWindow: 60_000 };

/**
 * Seat holds and releases: a customer clicks a seat on and off while choosing, a family picks
 * five; a script hammering the map from one address is stopped.
 */
export const SEAT_RATE_LIMIT: RateLimit = { max: 120, timeWindow: 60_000 };

/** Look-ups by a code (shipment tracking, RUC): enough for a person, too few to enumerate codes. */
export const LOOKUP_RATE_LIMIT: RateLimit = { max: 30, timeWindow: 60_000 };
