;; The dot-product kernel of VectorRows (vector-rows.ts), assembled into dot-kernel.ts by
;; `node packages/core/scripts/assemble-dot-kernel.mjs` (wabt); a test checks that the two agree.
;;
;; dots(matrix, rows, dims, query, out): out[row] = query · matrix[row] for each row in [0, rows), where the matrix
;; holds `rows` vectors of `dims` f32 numbers from byte `matrix`, the query `dims` f64 numbers from byte `query`, and
;; `out` receives one f64 a row. Each product is taken in f64 (an f32 widens exactly) and summed in four lanes, two
;; f64x2 accumulators, then as ((a + b) + c) + d with the tail of `dims` % 4 added to lane a: the very operations, in
;; the very order, of `dot` in vector-rows.ts, so both give identical numbers (WebAssembly has no fused multiply-add).
(module
  (memory (export "memory") 1)
  (func (export "dots") (param $matrix i32) (param $rows i32) (param $dims i32) (param $query i32) (param $out i32)
    (local $row i32) (local $i i32) (local $m i32) (local $q i32) (local $quads i32) (local $rowBytes i32)
    (local $v v128) (local $ab v128) (local $cd v128) (local $a f64)
    (local.set $quads (i32.and (local.get $dims) (i32.const -4)))
    (local.set $rowBytes (i32.shl (local.get $dims) (i32.const 2)))
    (block $rows_done
      (loop $rows_loop
        (br_if $rows_done (i32.ge_u (local.get $row) (local.get $rows)))
        (local.set $ab (v128.const f64x2 0 0))
        (local.set $cd (v128.const f64x2 0 0))
        (local.set $m (local.get $matrix))
        (local.set $q (local.get $query))
        (local.set $i (i32.const 0))
        ;; four numbers a step: lanes a, b from the low half of the four f32, lanes c, d from the high half
        (block $quads_done
          (loop $quads_loop
            (br_if $quads_done (i32.ge_u (local.get $i) (local.get $quads)))
            (local.set $v (v128.load (local.get $m)))
            (local.set $ab
              (f64x2.add (local.get $ab)
                (f64x2.mul (v128.load (local.get $q)) (f64x2.promote_low_f32x4 (local.get $v)))))
            (local.set $cd
              (f64x2.add (local.get $cd)
                (f64x2.mul (v128.load offset=16 (local.get $q))
                  (f64x2.promote_low_f32x4
                    (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $v) (local.get $v))))))
            (local.set $m (i32.add (local.get $m) (i32.const 16)))
            (local.set $q (i32.add (local.get $q) (i32.const 32)))
            (local.set $i (i32.add (local.get $i) (i32.const 4)))
            (br $quads_loop)))
        ;; the tail, one number at a time, into lane a
        (local.set $a (f64x2.extract_lane 0 (local.get $ab)))
        (block $tail_done
          (loop $tail_loop
            (br_if $tail_done (i32.ge_u (local.get $i) (local.get $dims)))
            (local.set $a
              (f64.add (local.get $a)
                (f64.mul (f64.load (local.get $q)) (f64.promote_f32 (f32.load (local.get $m))))))
            (local.set $m (i32.add (local.get $m) (i32.const 4)))
            (local.set $q (i32.add (local.get $q) (i32.const 8)))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $tail_loop)))
        (f64.store (local.get $out)
          (f64.add
            (f64.add
              (f64.add (local.get $a) (f64x2.extract_lane 1 (local.get $ab)))
              (f64x2.extract_lane 0 (local.get $cd)))
            (f64x2.extract_lane 1 (local.get $cd))))
        (local.set $out (i32.add (local.get $out) (i32.const 8)))
        (local.set $matrix (i32.add (local.get $matrix) (local.get $rowBytes)))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $rows_loop)))))
