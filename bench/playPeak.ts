/** Child of the bag benchmark: plays one bag and prints its peak resident memory in MiB. */
import { playWithRclsim } from './bagBench.js';

await playWithRclsim(process.argv[2]!);
process.stdout.write(`${(process.resourceUsage().maxRSS / 1024).toFixed(1)}\n`);
