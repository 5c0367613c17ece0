/**
 * Worker thread of `npm run bench -- coach`: runs the coach's `simulateChallenge` and `bareLoopBaseline`
 * from @propfolio/coach's source (the code the service's piscina worker bundles), alternating, and
 * answers each call's worker time in milliseconds. Started with tsx's loader (see suites/coach.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { bareLoopBaseline, simulateChallenge, type SimulationInput } from '@propfolio/coach';

interface Job {
  input: SimulationInput;
  paths: number;
  days: number;
  seed: number;
  warmup: number;
  rounds: number;
}

const job = workerData as Job;
const simulation: number[] = [];
const bare: number[] = [];
let checksum = 0;
let passProbability = Number.NaN;
for (let i = 0; i < job.warmup + job.rounds; i++) {
  const t0 = performance.now();
  const result = simulateChallenge(job.input);
  const t1 = performance.now();
  checksum += bareLoopBaseline(job.paths, job.days, job.seed);
  const t2 = performance.now();
  passProbability = result.passProbability;
  if (i >= job.warmup) {
    simulation.push(t1 - t0);
    bare.push(t2 - t1);
  }
}
parentPort?.postMessage({ simulation, bare, passProbability, checksum });
