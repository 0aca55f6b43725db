/** Page handlers answer every refusal as a page in the bank's style, never a JSON envelope or a stack. */
import type { Request, RequestHandler, Response } from 'express';
import { XsError } from '../../../contract/index.js';
import { problemView } from './sca-views.js';

export class PageProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly text: string,
  ) {
    super(text);
  }
}

export function pageHandler(
  handle: (req: Request, res: Response) => Promise<void> | void,
  log: (message: string) => void,
): RequestHandler {
  return async (req, res) => {
    try {
      await handle(req, res);
    } catch (error) {
      if (error instanceof PageProblem) {
        res.status(error.status).type('html').send(problemView(error.title, error.text));
      } else if (error instanceof XsError && error.status < 500) {
        res
          .status(error.status === 404 ? 404 : 400)
          .type('html')
          .send(problemView('Request not possible', error.message));
      } else {
        log(`page error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        res
          .status(500)
          .type('html')
          .send(problemView('Something went wrong', 'The bank could not complete this step. Please try again later.'));
      }
    }
  };
}
