/**
 * Makes the videos content/ names (gallery items and news articles) from the store's own
 * artwork: each clip is a few seconds of slow pan and zoom over its poster, drawn without the
 * play mark the poster carries, as H.264 in MP4 small enough to commit (the poster stays the
 * SVG the entry names, and is the clip's first frame). CI has no ffmpeg, so the clips are
 * committed under public/videos/; run this after adding a video entry:
 *
 *   npm run videos            makes the clips that are missing
 *   npm run videos -- --all   makes every clip again
 *
 * Needs `rsvg-convert` (Debian: librsvg2-bin) and `ffmpeg` with libx264 on the PATH.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { defaultContentDir, loadContent } from '../server/content/load.ts'

const run = promisify(execFile)
const publicDir = path.join(defaultContentDir, '..', 'public')

/** The play mark every video poster ends with; the clip itself shows the picture alone. */
const playMark =
  '<circle cx="200" cy="150" r="34" fill="#16181b" opacity="0.65"/>' +
  '<polygon points="188,132 188,168 218,150" fill="#f2f1ec"/>'

const width = 640
const fps = 24
const seconds = 6
/** A clip bigger than this is refused: the gallery should not cost a phone's data plan. */
const maxBytes = 300 * 1024

interface Video {
  src: string
  poster: string
}

/**
 * Slow, eased zooms, each from the whole picture (so the poster is the first frame) towards a
 * part of it; `x` and `y` place the view within the room the zoom leaves. Each clip takes one by
 * its name, so a remake gives the same clip.
 */
const moves = [
  { zoom: [1, 1.2], x: [0.5, 0.15], y: [0.5, 0.4] },
  { zoom: [1, 1.2], x: [0.5, 0.85], y: [0.5, 0.4] },
  { zoom: [1, 1.25], x: [0.5, 0.5], y: [0.5, 0.5] },
  { zoom: [1, 1.2], x: [0.2, 0.8], y: [0.3, 0.7] },
  { zoom: [1, 1.2], x: [0.8, 0.2], y: [0.7, 0.3] },
] as const

function moveFor(src: string) {
  let hash = 0
  for (const char of src) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return moves[hash % moves.length]!
}

/** ffmpeg's zoompan over `frames` frames: from [a, b], smoothly started and stopped. */
function zoompan(move: (typeof moves)[number], frames: number, height: number): string {
  const eased = `(3*pow(on/${frames - 1},2)-2*pow(on/${frames - 1},3))`
  const between = ([a, b]: readonly [number, number]) => `(${a}+(${b - a})*${eased})`
  const zoom = between(move.zoom)
  return [
    `zoompan=z='${zoom}'`,
    `x='(iw-iw/zoom)*${between(move.x)}'`,
    `y='(ih-ih/zoom)*${between(move.y)}'`,
    `d=1:s=${width}x${height}:fps=${fps}`,
  ].join(':')
}

async function makeClip(video: Video, work: string): Promise<number> {
  const poster = await readFile(path.join(publicDir, video.poster), 'utf8')
  const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(poster)
  if (!viewBox) throw new Error(`${video.poster}: the SVG has no viewBox`)
  const height = Math.round((width * Number(viewBox[2])) / Number(viewBox[1]) / 2) * 2
  const art = path.join(work, 'art.svg')
  const frame = path.join(work, 'art.png')
  await writeFile(art, poster.replace(playMark, ''))
  // Three times the clip's size, so the slow zoom moves in fractions of an output pixel.
  await run('rsvg-convert', ['-w', String(width * 3), '-h', String(height * 3), art, '-o', frame])
  const out = path.join(publicDir, video.src)
  await mkdir(path.dirname(out), { recursive: true })
  const frames = fps * seconds
  await run('ffmpeg', [
    ...['-y', '-hide_banner', '-loglevel', 'error'],
    ...['-loop', '1', '-framerate', String(fps), '-i', frame],
    ...['-frames:v', String(frames)],
    ...['-vf', `${zoompan(moveFor(video.src), frames, height)},format=yuv420p`],
    ...['-c:v', 'libx264', '-preset', 'slow', '-crf', '24', '-profile:v', 'high'],
    // The index up front, so playback starts before the whole file is in; no audio track.
    ...['-movflags', '+faststart', '-an', '-map_metadata', '-1'],
    out,
  ])
  const { size } = await stat(out)
  if (size > maxBytes) throw new Error(`${video.src} is ${size} bytes, over ${maxBytes}`)
  return size
}

async function main() {
  const all = process.argv.includes('--all')
  // The videos may not exist yet: that is what this script is for.
  const content = await loadContent(defaultContentDir, { checkFiles: false })
  const videos = new Map<string, Video>()
  for (const album of content.gallery) {
    for (const item of album.items) {
      if (item.type === 'video' && item.poster) {
        videos.set(item.src, { src: item.src, poster: item.poster })
      }
    }
  }
  for (const article of content.news) {
    if (article.video) videos.set(article.video.src, article.video)
  }
  const work = await mkdtemp(path.join(tmpdir(), 'make-videos-'))
  try {
    let made = 0
    for (const video of [...videos.values()].sort((a, b) => a.src.localeCompare(b.src))) {
      if (!all && existsSync(path.join(publicDir, video.src))) continue
      const size = await makeClip(video, work)
      console.log(`${video.src}  ${(size / 1024).toFixed(0)} KB  (from ${video.poster})`)
      made++
    }
    console.log(`${made} of ${videos.size} videos made`)
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

await main()
