// A local OpenAI-compatible stand-in (POST /v1/chat/completions) for the AI SDK's real OpenAI
// provider. Each test picks how it answers: a valid structured reply, malformed output, a
// provider error that echoes the API key (as some providers do), or a reply slower than any timeout.
export type StandinMode = 'ok' | 'malformed' | 'wrong-shape' | 'error' | 'slow';

export interface OpenAiStandin {
  url: string;
  mode: StandinMode;
  /** The suggestions an 'ok' reply carries. */
  suggestions: { title: string; description: string; category: string }[];
  /** Each request as sent: the Authorization header and the JSON body (unchecked: tests match on it). */
  requests: { authorization: string | null; body: unknown }[];
  close(): void;
}

export function startOpenAiStandin(): OpenAiStandin {
  const state: OpenAiStandin = {
    url: '',
    mode: 'ok',
    suggestions: [],
    requests: [],
    close: () => server.stop(true),
  };
  const reply = (content: string) =>
    Response.json({
      id: 'chatcmpl-standin',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: 'standin-model',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions')
        return new Response('not found', { status: 404 });
      const authorization = req.headers.get('authorization');
      const body: unknown = await req.json();
      state.requests.push({ authorization, body });
      switch (state.mode) {
        case 'ok':
          return reply(JSON.stringify({ suggestions: state.suggestions }));
        case 'malformed':
          return reply('Sure! Here are some ideas: {not json');
        case 'wrong-shape':
          return reply(JSON.stringify({ ideas: ['Do the thing'] }));
        case 'error':
          return Response.json(
            {
              error: {
                message: `Incorrect API key provided: ${authorization?.replace(/^Bearer /, '')}`,
                type: 'invalid_request_error',
              },
            },
            { status: 401 },
          );
        case 'slow':
          await Bun.sleep(5_000);
          return reply(JSON.stringify({ suggestions: state.suggestions }));
      }
    },
  });
  state.url = `http://127.0.0.1:${server.port}/v1`;
  return state;
}
