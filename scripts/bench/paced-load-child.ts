// The load generator's own process (pacedLoadApart in paced-load.ts): takes its options as the first
// message, answers the result, and exits.
import { pacedLoad, type PacedLoadOptions } from './paced-load.ts';

process.once('message', (options) => {
  void pacedLoad(options as PacedLoadOptions).then((result) =>
    process.send!(result, undefined, undefined, () => process.exit(0)),
  );
});
