import type { WheelSegment } from '@casino/contracts/spin-wheel';

const COLOURS = ['#5b21b6', '#be123c', '#0e7490', '#b45309', '#047857', '#7c3aed', '#db2777', '#1d4ed8'];
const SIZE = 400;
const RADIUS = 190;
const CENTRE = SIZE / 2;

const compact = (value: number) =>
  value >= 1000 ? `${(value / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })}K` : String(value);

function point(angle: number, radius: number): [number, number] {
  const radians = ((angle - 90) * Math.PI) / 180;
  return [CENTRE + radius * Math.cos(radians), CENTRE + radius * Math.sin(radians)];
}

/**
 * The wheel, drawn in SVG: segment i spans [i, i+1) x 360/n degrees clockwise from the pointer at
 * the top. `rotation` turns it (CSS transition in the page), so the segment under the pointer
 * after a turn of r degrees is the one whose middle sits at 360 - r mod 360.
 */
export function Wheel({ segments, rotation, spinning }: { segments: WheelSegment[]; rotation: number; spinning: boolean }) {
  const step = 360 / segments.length;
  return (
    <div className="relative mx-auto aspect-square w-full max-w-[420px]">
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-label={`Prize wheel with ${segments.length} segments`}
        className="h-full w-full drop-shadow-[0_0_30px_rgba(245,179,1,0.25)]"
        style={{
          transform: `rotate(${rotation}deg)`,
          transition: spinning ? 'transform 5.5s cubic-bezier(0.12, 0.6, 0.08, 1)' : 'none',
        }}
      >
        <circle cx={CENTRE} cy={CENTRE} r={RADIUS + 8} fill="#f5b301" />
        {segments.map((segment, index) => {
          const [x1, y1] = point(index * step, RADIUS);
          const [x2, y2] = point((index + 1) * step, RADIUS);
          const [tx, ty] = point((index + 0.5) * step, RADIUS * 0.6);
          const fill = segment.isJackpot ? '#f5b301' : COLOURS[index % COLOURS.length];
          const ink = segment.isJackpot ? '#1a1033' : '#fff7e0';
          return (
            <g key={segment.index}>
              <path
                d={`M${CENTRE},${CENTRE} L${x1},${y1} A${RADIUS},${RADIUS} 0 0 1 ${x2},${y2} Z`}
                fill={fill}
                stroke="#1a1033"
                strokeWidth="2"
              />
              <g transform={`rotate(${(index + 0.5) * step - 90} ${tx} ${ty})`}>
                <text x={tx} y={ty - 3} textAnchor="middle" fontSize="16" fontWeight="800" fill={ink}>
                  {segment.isJackpot ? 'JACKPOT' : `${compact(segment.gc)} GC`}
                </text>
                <text x={tx} y={ty + 15} textAnchor="middle" fontSize="13" fontWeight="700" fill={ink}>
                  {segment.isJackpot ? `${compact(segment.gc)} GC +${segment.sc} SC` : segment.sc > 0 ? `+${segment.sc} SC` : ''}
                </text>
              </g>
            </g>
          );
        })}
        <circle cx={CENTRE} cy={CENTRE} r="34" fill="#1a1033" stroke="#f5b301" strokeWidth="6" />
      </svg>
      {/* The pointer, fixed at the top. */}
      <svg viewBox="0 0 40 48" aria-hidden="true" className="absolute top-[-14px] left-1/2 h-12 w-10 -translate-x-1/2 drop-shadow-lg">
        <path d="M20 46 L4 8 A16 16 0 0 1 36 8 Z" fill="#f5b301" stroke="#1a1033" strokeWidth="3" />
      </svg>
    </div>
  );
}

/** The rotation (degrees, growing) that brings segment `index` under the pointer after several turns. */
export function rotationFor(index: number, count: number, current: number, turns = 6): number {
  const step = 360 / count;
  const target = 360 - (index + 0.5) * step;
  const base = current - (current % 360);
  return base + turns * 360 + target;
}
