import { EventEmitter } from 'node:events';
import { render, Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { fits, TOO_SMALL, useTerminalSize } from './terminal-size.js';

/** A terminal of a given size that keeps what ink wrote and can be resized. */
class Terminal extends EventEmitter {
  frames: string[] = [];
  isTTY = true;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (frame: string) => {
    this.frames.push(frame);
    return true;
  };
  resize(columns: number, rows: number) {
    this.columns = columns;
    this.rows = rows;
    this.emit('resize');
  }
}

function Probe() {
  const size = useTerminalSize();
  return <Text>{fits(size) ? 'screen' : TOO_SMALL}</Text>;
}

/** Lets React render: until the last frame holds `text`, or a few hundred turns passed. */
async function frameWith(stdout: Terminal, text: string): Promise<string | undefined> {
  for (let turn = 0; turn < 500 && !stdout.frames.at(-1)?.includes(text); turn++)
    await new Promise((resolve) => setImmediate(resolve));
  return stdout.frames.at(-1);
}

describe('the terminal size', () => {
  it('fits 80×24 and larger, or a size it cannot read', () => {
    expect(fits({ columns: 80, rows: 24 })).toBe(true);
    expect(fits({ columns: 79, rows: 40 })).toBe(false);
    expect(fits({ columns: 120, rows: 23 })).toBe(false);
    expect(fits({ columns: undefined, rows: undefined })).toBe(true);
    expect(TOO_SMALL).toBe('terminal too small (needs 80×24)');
  });

  it('says the terminal is too small below 80×24, and draws once it is resized large enough', async () => {
    const stdout = new Terminal(70, 20);
    const app = render(<Probe />, {
      stdout: stdout as unknown as NodeJS.WriteStream,
      patchConsole: false,
      debug: true,
    });
    expect(await frameWith(stdout, TOO_SMALL)).toContain(TOO_SMALL);
    stdout.resize(80, 24);
    expect(await frameWith(stdout, 'screen')).toContain('screen');
    app.unmount();
  });
});
