import nodeCluster, { type Cluster, type Worker } from 'node:cluster';

/**
 * Word between the worker processes of one `npm run serve` (see server.ts), such as "the
 * catalogue changed", without Redis. A worker sends a message to the primary over the IPC
 * channel node:cluster already keeps open, and the primary passes it on to every other worker.
 * Delivery is at most once: a message is lost when a worker is starting or dying, so whatever
 * relies on it needs a backstop (the catalogue's age limit). Instances on other machines hear
 * nothing of it; that is Redis's part.
 */
export interface WorkerChannel {
  /** Sends `message` (anything JSON can carry) to every other worker; never to this one. */
  publish(message: unknown): void;
  /** Calls `listener` with each message another worker publishes on this channel; returns the unsubscribe. */
  subscribe(listener: (message: unknown) => void): () => void;
}

/** Marks this channel's envelopes among the other messages a worker and the primary may exchange. */
const KIND = 'store:worker-channel';

interface Envelope {
  kind: typeof KIND;
  channel: string;
  message: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Partial<Envelope>).kind === KIND &&
    typeof (value as Partial<Envelope>).channel === 'string'
  );
}

// Sending on a closed channel (the primary is gone, or this worker is being stopped) reports
// the error to the callback; without one it would be thrown as an 'error' event and end the process.
const ignoreClosed = () => {};

/** The channel `name` between this worker and the others; undefined when this process is not a cluster worker. */
export function workerChannel(name: string): WorkerChannel | undefined {
  if (!nodeCluster.isWorker) return undefined;
  return {
    publish(message) {
      if (!process.connected || !process.send) return;
      const envelope: Envelope = { kind: KIND, channel: name, message };
      process.send(envelope, undefined, {}, ignoreClosed);
    },
    subscribe(listener) {
      const onMessage = (value: unknown) => {
        if (isEnvelope(value) && value.channel === name) listener(value.message);
      };
      process.on('message', onMessage);
      return () => void process.off('message', onMessage);
    },
  };
}

/**
 * In the primary: passes each worker's channel messages on to every other live worker. Call it
 * once, before forking; returns the function that stops relaying.
 */
export function relayBetweenWorkers(cluster: Cluster = nodeCluster): () => void {
  const relay = (from: Worker, value: unknown) => {
    if (!isEnvelope(value)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(value, undefined, ignoreClosed);
    }
  };
  cluster.on('message', relay);
  return () => void cluster.off('message', relay);
}
