/**
 * Reading a file of the receiver's history (request-frame.ts): every whole frame, in order, a
 * window of the file at a time. Nothing in the file is trusted. A frame is whole when its head
 * is plausible (a known format, a length that stays within the file, a seq that is a request
 * number) and its checksum holds; past anything else (a damaged frame, a frame a kill cut short)
 * the reader looks for the next whole frame, byte by byte, and counts what it skipped. So one
 * damaged frame costs itself, never the frames after it, and no length read from the file can
 * make the reader ask for more memory than the file holds. A whole frame of another format (one
 * a later version writes: see request-frame.ts) is skipped the same way, and its format is said.
 */
import { type FileHandle, open } from 'node:fs/promises';
import {
	type FrameSpan,
	frameBytes,
	frameFormat,
	frameHeadBytes,
	frameSeq,
	otherFormatOf,
	readFrame,
	storedFrameIntact,
} from './request-frame.js';

/** What a scan of a file found. */
export interface FrameScan {
	/** The highest seq of its whole frames. */
	highest: number | undefined;
	/** Stretches of damaged bytes skipped, each followed by a whole frame: at least one request each. */
	skipped: number;
	/** The bytes of those stretches. */
	skippedBytes: number;
	/** Bytes after the last whole frame that hold none: a frame still being written, cut short, or damaged. */
	tail: number;
	/** Where the last whole frame ends: where a reader that follows the file reads on from. */
	end: number;
	/** The file's size when the scan began; 0 for a missing file. */
	size: number;
	/** The formats other than this version's that frames skipped had (see otherFormat), lowest first. */
	otherFormats: number[];
}

const windowBytes = 1024 * 1024;

/** A window on a file: its bytes from `base`, `filled` of them, read when asked for. */
class FileWindow {
	buffer = Buffer.alloc(windowBytes);
	base = 0;
	filled = 0;

	constructor(
		private readonly handle: FileHandle,
		private readonly size: number,
	) {}

	/**
	 * Holds the file's bytes from `offset`, `length` of them at least (fewer at the end of the
	 * file). `length` never exceeds what the file holds from `offset`: the callers bound it so.
	 */
	async load(offset: number, length: number): Promise<void> {
		if (offset >= this.base && offset + length <= this.base + this.filled) return;
		if (length > this.buffer.length) this.buffer = Buffer.alloc(length);
		const want = Math.min(this.buffer.length, this.size - offset);
		let filled = 0;
		while (filled < want) {
			const { bytesRead } = await this.handle.read(this.buffer, filled, want - filled, offset + filled);
			if (bytesRead === 0) break;
			filled += bytesRead;
		}
		this.base = offset;
		this.filled = filled;
	}

	/** Where `offset` of the file is in the buffer. */
	at(offset: number): number {
		return offset - this.base;
	}
}

/**
 * Whether the bytes at `at` of `buffer` could start a frame of a file with `left` bytes from
 * there: a known format, a length within them, a seq that is a request number.
 */
function plausibleHead(buffer: Buffer, at: number, left: number): boolean {
	const bytes = frameBytes(buffer, at);
	if (bytes === undefined || bytes > left) return false;
	const seq = frameSeq(buffer, at);
	return Number.isSafeInteger(seq) && seq >= 1;
}

/**
 * Calls `visit` with each whole frame of `file` from `from` on (a frame's start), in order: its
 * span in `buffer`, which holds it. A missing file has none.
 */
export async function scanFrames(
	file: string,
	visit: (span: FrameSpan, buffer: Buffer) => void,
	from = 0,
): Promise<FrameScan> {
	let handle: FileHandle;
	try {
		handle = await open(file, 'r');
	} catch {
		return { highest: undefined, skipped: 0, skippedBytes: 0, tail: 0, end: from, size: 0, otherFormats: [] };
	}
	try {
		const size = (await handle.stat()).size;
		const window = new FileWindow(handle, size);
		let highest: number | undefined;
		let skipped = 0;
		let skippedBytes = 0;
		let end = from;
		/** Where the damaged stretch being skipped began. */
		let damaged: number | undefined;
		const otherFormats = new Set<number>();

		/** The whole frame at `at`, if there is one, loaded in the window. */
		const wholeFrame = async (at: number): Promise<FrameSpan | undefined> => {
			await window.load(at, Math.min(size - at, windowBytes));
			if (!plausibleHead(window.buffer, window.at(at), size - at)) return undefined;
			await window.load(at, frameBytes(window.buffer, window.at(at))!);
			const read = readFrame(window.buffer, window.at(at));
			return read.complete && storedFrameIntact(window.buffer, read.span) ? read.span : undefined;
		};

		/** The format of a whole frame of another format at `at`, loaded in the window (see otherFormatOf). */
		const otherFrame = async (at: number): Promise<number | undefined> => {
			const bytes = window.buffer.readUInt32LE(window.at(at)) + 4;
			if (bytes > size - at) return undefined;
			await window.load(at, bytes);
			return otherFormatOf(window.buffer, window.at(at), bytes);
		};

		/** The first offset from `at` on where a frame could start, or the file's size. */
		const nextCandidate = async (at: number): Promise<number> => {
			while (size - at >= frameHeadBytes) {
				await window.load(at, Math.min(size - at, windowBytes));
				const last = window.base + window.filled - frameHeadBytes;
				for (; at <= last; at++) if (plausibleHead(window.buffer, window.at(at), size - at)) return at;
			}
			return size;
		};

		let at = from;
		while (size - at >= frameHeadBytes) {
			const span = await wholeFrame(at);
			if (!span) {
				const other = await otherFrame(at);
				if (other !== undefined) otherFormats.add(other);
				damaged ??= at;
				at = await nextCandidate(at + 1);
				continue;
			}
			if (damaged !== undefined) {
				skipped++;
				skippedBytes += at - damaged;
				damaged = undefined;
			}
			visit(span, window.buffer);
			highest = Math.max(highest ?? span.seq, span.seq);
			at = window.base + span.end;
			end = at;
		}
		return {
			highest,
			skipped,
			skippedBytes,
			tail: size - end,
			end,
			size,
			otherFormats: [...otherFormats].sort((a, b) => a - b),
		};
	} finally {
		await handle.close();
	}
}

/**
 * What scans of a history's files skipped, said for a person: the damaged records (each stretch
 * of bytes that does not read holds one at least) and their bytes; undefined when all read.
 */
export function damageOf(scans: readonly FrameScan[]): string | undefined {
	let records = 0;
	let bytes = 0;
	const formats = new Set<number>();
	for (const scan of scans) {
		records += scan.skipped + (scan.tail > 0 ? 1 : 0);
		bytes += scan.skippedBytes + scan.tail;
		for (const format of scan.otherFormats) formats.add(format);
	}
	if (records === 0) return undefined;
	if (formats.size > 0) {
		const list = [...formats].sort((a, b) => a - b).join(', ');
		return `has records in format ${list}, which this version of mqtop does not read (it reads format ${frameFormat}): ${bytes} byte${bytes === 1 ? '' : 's'} skipped, the requests around them are kept`;
	}
	return `has ${records} damaged record${records === 1 ? '' : 's'} (${bytes} byte${bytes === 1 ? '' : 's'} that do not read): skipped, the requests around ${records === 1 ? 'it' : 'them'} are kept`;
}
