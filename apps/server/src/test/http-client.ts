/**
 * A small HTTP client for integration tests: real requests over the loopback, with a cookie jar
 * so that one client is one browser (one player).
 */
export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ApiBody {
  data?: Record<string, unknown> & { rows?: unknown[]; count?: number };
  message?: string;
  errors?: { errorCode: number; name: string; description: string; details?: unknown }[];
}

type Query = Record<string, string | number | boolean | undefined>;

export class TestClient {
  private readonly cookies = new Map<string, string>();
  private readonly origin: string;

  constructor(private readonly baseUrl: string) {
    this.origin = new URL(baseUrl).origin;
  }

  get<T = ApiBody>(path: string, query?: Query): Promise<TestResponse<T>> {
    return this.request<T>('GET', path, { query });
  }

  post<T = ApiBody>(path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse<T>> {
    return this.request<T>('POST', path, { body, headers });
  }

  put<T = ApiBody>(path: string, body?: unknown): Promise<TestResponse<T>> {
    return this.request<T>('PUT', path, { body });
  }

  /** An image or other file as bytes, with the headers of the response. */
  async getBytes(path: string, headers: Record<string, string> = {}): Promise<TestResponse<Buffer>> {
    const response = await fetch(new URL(path, this.baseUrl), { headers: { ...headers, cookie: this.cookieHeader() } });
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T>(
    method: string,
    path: string,
    options: {
      query?: Query | undefined;
      body?: unknown;
      /** A JSON body sent as these exact characters (one JSON.stringify could not write). */
      rawBody?: string;
      /** A header set to undefined is not sent (the Origin this browser adds by default, say). */
      headers?: Record<string, string | undefined> | undefined;
    } = {},
  ): Promise<TestResponse<T>> {
    const url = new URL(path.startsWith('/') ? path : `/api/v1/${path}`, this.baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries({ origin: this.origin, ...options.headers })) {
      if (value !== undefined) headers[name] = value;
    }
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let body: string | undefined;
    if (options.rawBody !== undefined || options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = options.rawBody ?? JSON.stringify(options.body);
    }
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
}
