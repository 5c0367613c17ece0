interface Flight<T> {
  generation: number;
  result: Promise<T>;
}

/**
 * Concurrent runs of the same work share one: callers that ask for `key` under the same `generation`
 * while a run is under way get its result (or its error) instead of starting their own. A cache in
 * front of the database uses it so that a burst of requests missing it at once (an entry expired, a
 * write dropped it) costs one query instead of one per request in flight. A caller under another
 * generation (a revocation or a change came since the run began) never joins an older run.
 */
export class SharedFlights<T> {
  private readonly running = new Map<string, Flight<T>>();

  run(key: string, generation: number, work: () => Promise<T>): Promise<T> {
    const current = this.running.get(key);
    if (current?.generation === generation) return current.result;
    const flight = { generation } as Flight<T>;
    // Registered before the work starts, so that a synchronous failure still unregisters it.
    this.running.set(key, flight);
    flight.result = (async () => {
      try {
        return await work();
      } finally {
        if (this.running.get(key) === flight) this.running.delete(key);
      }
    })();
    return flight.result;
  }

  /** Runs under way (for tests and metrics). */
  get size(): number {
    return this.running.size;
  }
}
