/**
 * A line from a process before its app's logger exists (the worker waiting for its database) or without
 * one (the supervisor), written as that logger would: readable in `pretty`, one JSON object in `json`.
 */
export function processLog(format: 'pretty' | 'json') {
  return (level: 'info' | 'warn', msg: string, extra: object = {}) => {
    if (format === 'json') {
      console.log(JSON.stringify({ level, time: Date.now(), msg, ...extra }));
      return;
    }
    const details = Object.keys(extra).length > 0 ? ` ${JSON.stringify(extra)}` : '';
    console.log(`[${new Date().toTimeString().slice(0, 8)}] ${level.toUpperCase()}: ${msg}${details}`);
  };
}
