/** What a snapshot wrote: its instant, the lowest equity it could have set, and the balance now. */
export interface SnapshotFigures {
  atMs: number;
  equity: number;
  balance: number;
}

/**
 * Told by each write path after its write to an EA account committed (or, inside a unit, was made: the listener
 * then waits for the unit's commit): a snapshot, a report, a statement import or a closed-positions message may have
 * crossed an alert threshold. It only takes note and returns at once; whatever it starts runs off the write's
 * answer, and its failures are never the write's. The alerts implement it (AlertService); services.ts hands it to
 * every write path through its constructor.
 */
export interface AccountWriteNotifier {
  /** `snapshot`: the figures a snapshot wrote, so a listener can tell one that cannot have crossed anything. */
  accountWritten(accountId: string, snapshot?: SnapshotFigures): void;
}
