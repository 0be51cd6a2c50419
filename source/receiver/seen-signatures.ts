/**
 * The signatures a receiver verified lately, by their id (the `jti` claim), so that the same
 * signed request sent again (a replay: by the service retrying a request it thinks failed, a
 * proxy, or someone who captured it) is told apart: still accepted, as the signature is valid,
 * but marked with the number of the request that carried the signature first.
 *
 * A signature is kept until it expires (a replay after that is rejected as expired anyway), and
 * at most maxKept of them: under a flood of thousands a second the oldest are let go first, so
 * memory and the work per request stay bounded whatever the traffic.
 */

const maxKept = 65_536;

export class SeenSignatures {
	/** By jti, in the order first seen: the request's seq and when the signature expires (Unix seconds). */
	#seen = new Map<string, { seq: number; exp: number }>();

	constructor(private readonly toleranceSeconds: number) {}

	/**
	 * Notes a verified signature carried by request `seq`; returns the seq of the request that
	 * carried it first, when it was seen before.
	 */
	note(
		claims: { jti?: unknown; exp?: unknown },
		seq: number,
		nowSeconds = Date.now() / 1000,
	): number | undefined {
		const jti = claims.jti;
		if (typeof jti !== 'string' || jti === '') return undefined;
		this.#forgetExpired(nowSeconds);
		const first = this.#seen.get(jti);
		if (first) return first.seq;
		const exp = typeof claims.exp === 'number' ? claims.exp : nowSeconds;
		this.#seen.set(jti, { seq, exp: exp + this.toleranceSeconds });
		if (this.#seen.size > maxKept) this.#seen.delete(this.#seen.keys().next().value!);
		return undefined;
	}

	/** Lets go of the oldest signatures while they have expired (the order of exp is nearly that of arrival). */
	#forgetExpired(nowSeconds: number): void {
		for (const [jti, { exp }] of this.#seen) {
			if (exp >= nowSeconds) return;
			this.#seen.delete(jti);
		}
	}
}
