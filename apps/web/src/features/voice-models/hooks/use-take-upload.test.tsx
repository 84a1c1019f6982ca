// @vitest-environment happy-dom
import type { RecordedSentence } from '@avatar-factory/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTakeUpload } from './use-take-upload';
import { openPageAt, startLocalServer, type LocalServer } from '../../../testing/local-server';

/** The page's origin: a real server where take-1 of sentence 's1' settles as `settlesAs`, failing with `errorMessage`. */
let server: LocalServer;
let errorMessage: string | null = null;
let settlesAs: RecordedSentence['status'] = 'failed';
let listRequests = 0;

function take(status: RecordedSentence['status']): RecordedSentence {
  return {
    id: 'take-1', sentence_id: 's1', text: 'こんにちは', status,
    error_message: status === 'failed' ? errorMessage : null, quality_score: null, created_at: '2026-11-21T10:00:00Z',
  };
}

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/api/voice-models/m1/sentences' && req.method === 'POST') return res.writeHead(202).end(JSON.stringify(take('processing')));
      if (req.url === '/api/voice-models/m1/sentences') {
        listRequests += 1;
        return res.writeHead(200).end(JSON.stringify([take(settlesAs)]));
      }
      res.writeHead(404).end(JSON.stringify({ detail: 'Not found' }));
    });
  });
  openPageAt(`${server.origin}/`);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  toast.dismiss();
});

const titles = () => toast.getHistory().map((t) => ('title' in t ? t.title : undefined));

function renderUpload(onReady: (sentenceId: string) => void = () => undefined) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useTakeUpload('m1', onReady), { wrapper });
}

const recording = () => new Blob([new Uint8Array(44)], { type: 'audio/wav' });

describe('useTakeUpload', () => {
  it("a failed take toasts the server's error_message itself", async () => {
    errorMessage = '音声が小さすぎます。';
    settlesAs = 'failed';
    const { result } = renderUpload();
    await act(() => result.current.upload({ id: 's1', text: 'こんにちは' }, recording()));
    expect(titles()).toContain('Recording uploaded. Processing...');
    await waitFor(() => expect(titles()).toContain('音声が小さすぎます。'), { timeout: 5000 });
    expect(titles()).not.toContain('Recording Failed');
  });

  it("without an error_message the toast reads 'Recording processing failed'", async () => {
    errorMessage = null;
    settlesAs = 'failed';
    const { result } = renderUpload();
    await act(() => result.current.upload({ id: 's1', text: 'こんにちは' }, recording()));
    await waitFor(() => expect(titles()).toContain('Recording processing failed'), { timeout: 5000 });
    expect(titles()).not.toContain('Recording Failed');
  });

  it('a ready take moves on once, and the list stops polling when nothing is processing', async () => {
    settlesAs = 'ready';
    const readied: string[] = [];
    const { result } = renderUpload((sentenceId) => readied.push(sentenceId));
    await waitFor(() => expect(result.current.takes.isSuccess).toBe(true));
    await act(() => result.current.upload({ id: 's1', text: 'こんにちは' }, recording()));
    await waitFor(() => expect(readied).toEqual(['s1']), { timeout: 5000 });
    expect(titles()).toContain('Recording successfully processed');
    const requestsWhenSettled = listRequests;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(listRequests).toBe(requestsWhenSettled);
    expect(readied).toEqual(['s1']);
  });
});
