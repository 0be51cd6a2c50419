/**
 * The vectors of a store: one contiguous Float32Array slab, `capacity` slots of `stride`
 * floats, living in a WebAssembly memory so the SIMD kernels of wasm-kernels.ts can scan it
 * in place. `stride` is the dimension rounded up to a multiple of four; the padding stays 0.
 *
 * Memory layout (bytes): [query: stride floats][keys: scanBlock floats][slot 0][slot 1]...
 * Growing the memory is in place (no copy) but detaches the old views, so every view is
 * taken again after a grow.
 */
import { EngineError } from '../common/engine-error.js';
import { instantiateKernels, type Kernels } from './wasm-kernels.js';

/** Slots scored per kernel call; their keys fit in a small fixed region. */
export const scanBlock = 4096;
const pageBytes = 65_536;
/** wasm32 addresses 4 GiB. */
const maxPages = 65_536;

export class Slab {
	readonly stride: number;
	private readonly strideBytes: number;
	private readonly keysBase: number;
	private readonly slotsBase: number;
	private memory!: WebAssembly.Memory;
	private kernels!: Kernels;
	private capacityNow = 0;
	/** Slot s occupies floats[s * stride, s * stride + dimension). */
	floats!: Float32Array;
	private queryView!: Float32Array;
	private keysView!: Float32Array;

	constructor(
		readonly dimension: number,
		initialCapacity: number,
	) {
		this.stride = Math.ceil(dimension / 4) * 4;
		this.strideBytes = this.stride * 4;
		this.keysBase = this.strideBytes;
		this.slotsBase = this.keysBase + scanBlock * 4;
		this.reset(initialCapacity);
	}

	get capacity(): number {
		return this.capacityNow;
	}

	get allocatedBytes(): number {
		return this.memory.buffer.byteLength;
	}

	/** A fresh, empty memory of `capacity` slots (a wasm memory cannot shrink). */
	reset(capacity: number): void {
		const pages = this.pagesFor(capacity);
		this.memory = new WebAssembly.Memory({ initial: pages });
		this.kernels = instantiateKernels(this.memory);
		this.capacityNow = this.slotsIn(pages);
		this.takeViews();
	}

	/**
	 * Makes room for `slots` slots, growing by at least an eighth. A wasm memory grows in place
	 * (nothing is copied), so small steps are cheap and leave little unused. EngineError when
	 * the memory cannot grow.
	 */
	ensureCapacity(slots: number): void {
		if (slots <= this.capacityNow) return;
		const wanted = Math.max(slots, this.capacityNow + Math.max(1024, this.capacityNow >> 3));
		const pages = Math.min(maxPages, this.pagesFor(wanted));
		const have = this.memory.buffer.byteLength / pageBytes;
		const capacity = this.slotsIn(pages);
		if (capacity < slots)
			throw new EngineError(
				'invalid',
				`the index cannot hold ${slots} vectors of ${this.dimension} dimensions (4 GiB of memory)`,
			);
		try {
			this.memory.grow(pages - have);
		} catch {
			throw new EngineError('invalid', `out of memory for ${slots} vectors of ${this.dimension} dimensions`);
		}
		this.capacityNow = capacity;
		this.takeViews();
	}

	write(slot: number, values: Float32Array | Float64Array): void {
		this.floats.set(values, slot * this.stride);
	}

	read(slot: number): number[] {
		const start = slot * this.stride;
		return Array.from(this.floats.subarray(start, start + this.dimension));
	}

	/**
	 * Scores slots [0, end) against `query` in blocks: `visit(from, count, keys)` gets keys[j] =
	 * q . v (or |q - v|^2 for `distance`) of slot from + j, as float32 sums.
	 */
	scan(
		query: Float64Array,
		kind: 'dot' | 'distance',
		end: number,
		visit: (from: number, count: number, keys: Float32Array) => void,
	): void {
		this.queryView.set(query);
		const kernel = kind === 'dot' ? this.kernels.dots : this.kernels.sqdists;
		for (let from = 0; from < end; from += scanBlock) {
			const count = Math.min(scanBlock, end - from);
			kernel(0, this.slotsBase + from * this.strideBytes, this.strideBytes, count, this.keysBase);
			visit(from, count, this.keysView);
		}
	}

	private slotsIn(pages: number): number {
		return Math.floor((pages * pageBytes - this.slotsBase) / this.strideBytes);
	}

	private pagesFor(capacity: number): number {
		return Math.ceil((this.slotsBase + capacity * this.strideBytes) / pageBytes);
	}

	private takeViews(): void {
		const { buffer } = this.memory;
		this.queryView = new Float32Array(buffer, 0, this.stride);
		this.keysView = new Float32Array(buffer, this.keysBase, scanBlock);
		this.floats = new Float32Array(buffer, this.slotsBase, this.capacityNow * this.stride);
	}
}
