import type { Response } from 'express';

/** Calls back once when the response was sent or the connection closed before that. */
export function onResponseDone(res: Response, callback: () => void): void {
  let done = false;
  const fire = (): void => {
    if (done) return;
    done = true;
    callback();
  };
  res.once('finish', fire);
  res.once('close', fire);
}

export function elapsedSeconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}
