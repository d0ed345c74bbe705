! main.f90: a Fortran program calling C kernels compiled with sparsefuse.
!
!   main [MATRIX.mtx | --grid G] [K] [REPS]
!
! Builds a 1-based CSR matrix (read from MATRIX.mtx, or the 5-point
! Laplacian of a G x G grid; default --grid 64) and column-major dense
! arrays, then runs each kernel of kernels.c against the same loop
! written in Fortran, on the same arrays:
!
!   spmm  Y(N,K) = B * X(M,K)
!   gnn   OUT(:,i) = sum over B(i,j) of B(i,j) * dot(C(:,i), D(:,j)) * E(:,j)
!         with C(K,N), D(K,M), E(K,M), OUT(K,N) (K features per node)
!
! Each is timed REPS times (default 5) after one warm-up run; both loops
! run on the same OpenMP threads (OMP_NUM_THREADS).  Prints a line per
! kernel, "PASS: fortran: ..." or "FAIL: fortran: ...", with the largest
! difference relative to the largest value and both median times; exits
! 1 if that difference exceeds 1e-12.

program fortran_example
  use iso_c_binding, only: c_int, c_double
  use iso_fortran_env, only: error_unit
  use omp_lib, only: omp_get_wtime, omp_get_max_threads
  use csr_io, only: read_mtx, grid_laplacian
  use sf_kernels, only: spmm_csr1, gnn_csr1, kernels_use_plugin
  implicit none

  real(c_double), parameter :: tolerance = 1e-12_c_double
  integer, parameter :: max_reps = 25
  integer, parameter :: spmm_ref = 1, gnn_ref = 3   ! + 1: the C kernel
  character(len=1024) :: arg, label, kernel_name
  integer(c_int) :: n, m, k
  integer(c_int), allocatable :: ia(:), ja(:)
  real(c_double), allocatable :: a(:), x(:, :), y_ref(:, :), y_sf(:, :)
  real(c_double), allocatable :: c(:, :), d(:, :), e(:, :), o_ref(:, :), o_sf(:, :)
  integer :: reps, grid, failures, i, j
  integer :: shift = 0   ! 1 after --grid G: K and REPS come one later

  call get_command_argument (1, arg)
  if (arg == '--grid' .or. len_trim(arg) == 0) then
    grid = 64
    if (arg == '--grid') then
      grid = int_arg(2, 64)
      shift = 1
    end if
    call grid_laplacian (grid, n, m, ia, ja, a)
    write (label, '("the 5-point Laplacian of a ",i0," x ",i0," grid")') grid, grid
  else
    call read_mtx (trim(arg), n, m, ia, ja, a)
    label = arg(index(arg, '/', back=.true.) + 1:)
  end if
  k = int_arg(2, 32)
  reps = min(max(int_arg(3, 5), 1), max_reps)
  if (kernels_use_plugin () == 1) then
    kernel_name = 'sparsefuse kernel'
  else
    kernel_name = 'C loop (no plugin)'
  end if
  write (*, '("fortran: ",a,": ",i0," x ",i0,", ",i0," nonzeros, 1-based CSR; K = ",i0, &
       & "; ",i0," threads; median of ",i0," runs")') &
       trim(label), n, m, ia(n + 1) - 1, k, omp_get_max_threads (), reps

  ! Dense operands: smooth deterministic values in [-1, 1].
  allocate (x(m, k), y_ref(n, k), y_sf(n, k))
  allocate (c(k, n), d(k, m), e(k, m), o_ref(k, n), o_sf(k, n))
  forall (j = 1:m, i = 1:k) x(j, i) = sin(0.01_c_double * (j + 37 * i))
  forall (j = 1:n, i = 1:k) c(i, j) = cos(0.02_c_double * (i + 13 * j))
  forall (j = 1:m, i = 1:k) d(i, j) = sin(0.03_c_double * (7 * i + j))
  forall (j = 1:m, i = 1:k) e(i, j) = cos(0.05_c_double * (3 * i + j))

  failures = 0
  call compare ('spmm Y(N,K) = B * X(M,K)', spmm_ref, y_ref, y_sf)
  call compare ('gnn OUT(K,N) = B(i,j) * dot(C(:,i), D(:,j)) * E(:,j)', &
                gnn_ref, o_ref, o_sf)
  if (failures > 0) stop 1

contains

  ! The positive integer argument number POS + SHIFT, or DFLT when absent.
  function int_arg (pos, dflt) result (val)
    integer, intent(in) :: pos, dflt
    integer :: val, ios
    character(len=64) :: text
    call get_command_argument (pos + shift, text)
    val = dflt
    if (len_trim(text) == 0) return
    read (text, *, iostat=ios) val
    if (ios /= 0 .or. val < 1) then
      write (error_unit, '(3a)') 'main: not a positive integer: "', trim(text), '"'
      stop 2
    end if
  end function int_arg

  ! The plain Fortran SpMM, parallel over rows.
  subroutine spmm_fortran ()
    integer :: i, p, col
    !$omp parallel do private(p, col) schedule(dynamic, 64)
    do i = 1, n
      y_ref(i, :) = 0
      do p = ia(i), ia(i + 1) - 1
        do col = 1, k
          y_ref(i, col) = y_ref(i, col) + a(p) * x(ja(p), col)
        end do
      end do
    end do
    !$omp end parallel do
  end subroutine spmm_fortran

  ! The plain Fortran GNN layer with a scalar temporary, parallel over
  ! rows: O(nnz * 2K), the work of the fused schedule.
  subroutine gnn_fortran ()
    integer :: i, p, jj, f
    real(c_double) :: s
    !$omp parallel do private(p, jj, f, s) schedule(dynamic, 16)
    do i = 1, n
      o_ref(:, i) = 0
      do p = ia(i), ia(i + 1) - 1
        jj = ja(p)
        s = 0
        do f = 1, k
          s = s + c(f, i) * d(f, jj)
        end do
        do f = 1, k
          o_ref(f, i) = o_ref(f, i) + a(p) * s * e(f, jj)
        end do
      end do
    end do
    !$omp end parallel do
  end subroutine gnn_fortran

  ! Run kernel WHICH: one of the Fortran loops, or the C kernel that
  ! computes the same.  (A selector rather than a procedure argument: an
  ! internal procedure passed as an argument needs an executable stack.)
  subroutine run (which)
    integer, intent(in) :: which
    select case (which)
    case (spmm_ref)
      call spmm_fortran ()
    case (spmm_ref + 1)
      call spmm_csr1 (n, m, k, ia, ja, a, x, y_sf)
    case (gnn_ref)
      call gnn_fortran ()
    case (gnn_ref + 1)
      call gnn_csr1 (n, m, k, k, ia, ja, a, c, d, e, o_sf)
    end select
  end subroutine run

  ! Median time in seconds of REPS runs of kernel WHICH after a warm-up.
  function median_time (which) result (t)
    integer, intent(in) :: which
    real(c_double) :: t, times(max_reps), t0, swap
    integer :: r, q
    call run (which)
    do r = 1, reps
      t0 = omp_get_wtime ()
      call run (which)
      times(r) = omp_get_wtime () - t0
    end do
    ! Insertion sort: a handful of values.
    do r = 2, reps
      do q = r, 2, -1
        if (times(q - 1) <= times(q)) exit
        swap = times(q); times(q) = times(q - 1); times(q - 1) = swap
      end do
    end do
    if (mod(reps, 2) == 1) then
      t = times(reps / 2 + 1)
    else
      t = 0.5_c_double * (times(reps / 2) + times(reps / 2 + 1))
    end if
  end function median_time

  ! The largest |X - Y| relative to the largest |X|, as the pragma's
  ! check clause reports it.  (Element by element, values that cancel to
  ! nearly zero would be dominated by the different order of the sums.)
  function max_relative_difference (x, y) result (worst)
    real(c_double), intent(in) :: x(:, :), y(:, :)
    real(c_double) :: worst
    worst = maxval(abs(x - y)) / max(maxval(abs(x)), tiny(1.0_c_double))
  end function max_relative_difference

  ! Time the Fortran loop REF and the C kernel REF + 1, compare their
  ! results REF_OUT and SF_OUT, and print the line for kernel WHAT.
  subroutine compare (what, ref, ref_out, sf_out)
    character(len=*), intent(in) :: what
    integer, intent(in) :: ref
    real(c_double), intent(inout) :: ref_out(:, :), sf_out(:, :)
    real(c_double) :: t_ref, t_sf, diff
    character(len=5) :: verdict
    ref_out = 0
    sf_out = -1
    t_ref = median_time (ref)
    t_sf = median_time (ref + 1)
    diff = max_relative_difference (ref_out, sf_out)
    verdict = 'PASS:'
    if (.not. (diff <= tolerance)) then
      verdict = 'FAIL:'
      failures = failures + 1
    end if
    write (*, '(a," fortran: ",a,": max relative difference ",es8.2,"; Fortran loop ",f0.3, &
         & " ms, ",a," ",f0.3," ms (",f0.2,"x)")') &
         trim(verdict), what, diff, 1e3_c_double * t_ref, trim(kernel_name), &
         1e3_c_double * t_sf, t_ref / t_sf
  end subroutine compare

end program fortran_example
