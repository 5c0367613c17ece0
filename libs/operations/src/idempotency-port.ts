/** What the REST layer needs from the idempotency store (implemented in libs/domain). */
export type IdempotencyStart = { kind: 'replay'; status: number; body: unknown } | { kind: 'proceed' };

export interface IdempotencyPort {
  /** Claims (user, key) for this request, or returns the stored answer; throws on a different body. */
  begin(userId: string, key: string, requestHash: string): Promise<IdempotencyStart>;
  complete(userId: string, key: string, status: number, body: unknown): Promise<void>;
  /** Releases a claim whose request failed, so that a retry can run again. */
  abandon(userId: string, key: string): Promise<void>;
}
