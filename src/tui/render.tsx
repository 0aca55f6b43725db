/** The render API `xs2a-kit demo` calls: the app on the terminal until the presenter quits. */
import { render } from 'ink';
import { DemoApp, type DemoAppProps } from './app.js';

export type DemoOptions = Omit<DemoAppProps, 'onExit'>;

/** Resolves once the presenter quit and everything the app started (receiver, conformance run) has stopped. */
export async function runDemo(options: DemoOptions): Promise<void> {
  let stopped!: () => void;
  const done = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  // Ctrl+C is a key like q: the app stops what it started before the process lets go.
  const instance = render(<DemoApp {...options} onExit={stopped} />, { exitOnCtrlC: false });
  await instance.waitUntilExit();
  await done;
}
