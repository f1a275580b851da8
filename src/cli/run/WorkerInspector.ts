import { Session } from 'node:inspector';

/**
 * Runs an expression on a worker thread whatever that thread is doing: V8's inspector takes
 * messages between two bytecodes, so an expression sent to a thread in an endless loop (or an
 * endless chain of promise continuations) still runs, there. The main thread reaches its
 * workers through the NodeWorker domain of its own inspector session.
 */
export class WorkerInspector {
  readonly #session = new Session();
  #workerSession: Promise<string>;
  #nextId = 1;
  readonly #replies = new Map<number, (reply: InspectorReply) => void>();

  /** `url`: the worker's entry file (module loader hooks run on workers of their own). */
  constructor(url: URL) {
    this.#session.connect();
    this.#workerSession = new Promise((resolve) => {
      this.#session.on('NodeWorker.attachedToWorker', ({ params }) => {
        if (params.workerInfo.url === url.href) resolve(params.sessionId);
      });
    });
    this.#session.on('NodeWorker.receivedMessageFromWorker', ({ params }) => {
      const reply = JSON.parse(params.message) as InspectorReply;
      if (reply.id !== undefined) this.#replies.get(reply.id)?.(reply);
    });
    this.#session.post('NodeWorker.enable', { waitForDebuggerOnStart: false });
  }

  /** The value of `expression` on the worker (JSON-serializable), or a rejection after `timeoutMs`. */
  async evaluate(expression: string, timeoutMs: number): Promise<unknown> {
    const sessionId = await withTimeout(this.#workerSession, timeoutMs, 'the run’s thread did not answer the inspector');
    const id = this.#nextId++;
    const reply = new Promise<unknown>((resolve, reject) => {
      this.#replies.set(id, (message) => {
        this.#replies.delete(id);
        if (message.error !== undefined) reject(new Error(message.error.message));
        else resolve(message.result?.result?.value);
      });
    });
    const message = JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true } });
    this.#session.post('NodeWorker.sendMessageToWorker', { sessionId, message });
    return withTimeout(reply, timeoutMs, 'the run’s thread did not finish its outputs in time');
  }

  close(): void {
    this.#session.disconnect();
  }
}

/** A reply of the worker's inspector (Runtime.evaluate with returnByValue). */
interface InspectorReply {
  id?: number;
  result?: { result?: { value?: unknown } };
  error?: { message: string };
}

function withTimeout<T>(promise: Promise<T>, ms: number, why: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(why)), ms);
    // A stop abandoned because the thread died meanwhile must not hold the process open.
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error as Error);
      },
    );
  });
}
