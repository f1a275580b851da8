import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BagError } from '../../bag/BagStorage.js';
import { recoverMcap } from '../../bag/mcapRecovery.js';
import { OutputError } from '../../base/runErrors.js';
import { ExitCode } from '../../job/exitCodes.js';

/**
 * `rclsim bag recover PATH`: finishes a recording whose process was killed before it could (an
 * .mcap file, or a bag directory's MCAP files and its metadata.yaml), keeping every complete
 * chunk. A finished recording is left as it is.
 */
export async function bagRecover(path: string): Promise<number> {
  try {
    if (!existsSync(path)) throw new BagError(path, 'no such recording (an .mcap file or a bag directory)');
    const directory = statSync(path).isDirectory();
    const files = directory
      ? readdirSync(path)
          .filter((file) => file.endsWith('.mcap'))
          .sort()
          .map((file) => join(path, file))
      : [path];
    if (files.length === 0) throw new BagError(path, 'holds no .mcap file');
    for (const file of files) {
      const kept = await recoverMcap(file, directory ? path : undefined);
      process.stdout.write(kept === null ? `${basename(file)}: finished already\n` : `${basename(file)}: recovered, ${kept} messages\n`);
    }
    return ExitCode.ok;
  } catch (error) {
    process.stderr.write(`rclsim: ${(error as Error).message}\n`);
    if (error instanceof OutputError) return ExitCode.outputFailed;
    return error instanceof BagError ? ExitCode.badInput : ExitCode.internalError;
  }
}
