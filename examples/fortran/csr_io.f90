! csr_io.f90: a 1-based CSR matrix built in Fortran, the way a legacy
! code holds it: IA(N+1) row pointers with IA(1) = 1, JA(NNZ) column
! indices, A(NNZ) values, columns sorted within each row.
!
!   call read_mtx ('bcsstk13.mtx', n, m, ia, ja, a)   a Matrix Market file
!   call grid_laplacian (g, n, m, ia, ja, a)         the 5-point g*g grid
!
! The reader takes what the data folder holds: coordinate real, integer
! or pattern; general, symmetric or skew-symmetric (both triangles are
! stored).  Anything else, an index out of range or an entry given twice
! stops the program with file:line and the reason.

module csr_io
  use iso_c_binding, only: c_int, c_double
  use iso_fortran_env, only: error_unit
  implicit none
  private
  public :: read_mtx, grid_laplacian

contains

  ! Print "csr_io: WHERE: WHY" to stderr and stop with status 2.
  subroutine fail (where, why)
    character(len=*), intent(in) :: where, why
    write (error_unit, '(4a)') 'csr_io: ', where, ': ', why
    stop 2
  end subroutine fail

  ! Return LINE in lower case (the banner's words are case-insensitive).
  function lower (line) result (low)
    character(len=*), intent(in) :: line
    character(len=len(line)) :: low
    integer :: i, c
    low = line
    do i = 1, len(line)
      c = iachar(line(i:i))
      if (c >= iachar('A') .and. c <= iachar('Z')) low(i:i) = achar(c + 32)
    end do
  end function lower

  ! Read the next line of unit U that is neither blank nor a comment into
  ! LINE, counting lines in LINENO.  IOS is nonzero at the end of file.
  subroutine next_data_line (u, line, lineno, ios)
    integer, intent(in) :: u
    character(len=*), intent(out) :: line
    integer, intent(inout) :: lineno
    integer, intent(out) :: ios
    do
      read (u, '(a)', iostat=ios) line
      if (ios /= 0) return
      lineno = lineno + 1
      if (len_trim(line) > 0 .and. line(1:1) /= '%') return
    end do
  end subroutine next_data_line

  ! Read the Matrix Market file PATH into the 1-based CSR (N, M, IA, JA, A).
  subroutine read_mtx (path, n, m, ia, ja, a)
    character(len=*), intent(in) :: path
    integer(c_int), intent(out) :: n, m
    integer(c_int), allocatable, intent(out) :: ia(:), ja(:)
    real(c_double), allocatable, intent(out) :: a(:)
    character(len=1024) :: line, banner, where
    integer(c_int), allocatable :: ri(:), ci(:)
    real(c_double), allocatable :: v(:)
    integer :: u, ios, lineno, nz, e, k
    logical :: pattern, symmetric, skew

    open (newunit=u, file=path, status='old', action='read', iostat=ios)
    if (ios /= 0) call fail (path, 'cannot open the file')
    read (u, '(a)', iostat=ios) banner
    lineno = 1
    banner = lower(banner)
    if (ios /= 0 .or. index(banner, '%%matrixmarket matrix coordinate') /= 1) &
      call fail (path, 'not a Matrix Market coordinate file')
    if (index(banner, ' complex') > 0) call fail (path, 'complex values are not supported')
    pattern = index(banner, ' pattern') > 0
    skew = index(banner, ' skew-symmetric') > 0
    symmetric = skew .or. index(banner, ' symmetric') > 0

    call next_data_line (u, line, lineno, ios)
    if (ios == 0) read (line, *, iostat=ios) n, m, nz
    write (where, '(a,":",i0)') trim(path), lineno
    if (ios /= 0 .or. n < 1 .or. m < 1 .or. nz < 0) call fail (trim(where), 'bad size line')

    ! Room for the mirror of every entry of a symmetric file.
    allocate (ri(2 * nz), ci(2 * nz), v(2 * nz))
    k = 0
    do e = 1, nz
      call next_data_line (u, line, lineno, ios)
      write (where, '(a,":",i0)') trim(path), lineno
      if (ios /= 0) call fail (path, 'fewer entries than the size line says')
      k = k + 1
      v(k) = 1
      if (pattern) then
        read (line, *, iostat=ios) ri(k), ci(k)
      else
        read (line, *, iostat=ios) ri(k), ci(k), v(k)
      end if
      if (ios /= 0) call fail (trim(where), 'bad entry')
      if (ri(k) < 1 .or. ri(k) > n .or. ci(k) < 1 .or. ci(k) > m) &
        call fail (trim(where), 'index out of range')
      if (symmetric .and. ri(k) /= ci(k)) then
        k = k + 1
        ri(k) = ci(k - 1)
        ci(k) = ri(k - 1)
        v(k) = merge(-v(k - 1), v(k - 1), skew)
      end if
    end do
    close (u)
    call coo_to_csr (path, n, m, k, ri, ci, v, ia, ja, a)
  end subroutine read_mtx

  ! Sort the NZ entries (RI, CI, V) into the CSR (IA, JA, A) of an N x M
  ! matrix: a stable counting sort by column, then one by row, leaves the
  ! columns of each row in increasing order.  A repeated entry is an
  ! error of file PATH.
  subroutine coo_to_csr (path, n, m, nz, ri, ci, v, ia, ja, a)
    character(len=*), intent(in) :: path
    integer(c_int), intent(in) :: n, m, nz, ri(:), ci(:)
    real(c_double), intent(in) :: v(:)
    integer(c_int), allocatable, intent(out) :: ia(:), ja(:)
    real(c_double), allocatable, intent(out) :: a(:)
    integer(c_int), allocatable :: bycol(:), start(:)
    integer :: e, p, i

    ! Pass 1: the entries' numbers in column order.
    allocate (bycol(nz), start(m + 1))
    start = 0
    do e = 1, nz
      start(ci(e) + 1) = start(ci(e) + 1) + 1
    end do
    start(1) = 1
    do i = 2, m + 1
      start(i) = start(i) + start(i - 1)
    end do
    do e = 1, nz
      bycol(start(ci(e))) = e
      start(ci(e)) = start(ci(e)) + 1
    end do

    ! Pass 2: rows, taking the entries in column order.
    allocate (ia(n + 1), ja(nz), a(nz))
    ia = 0
    do e = 1, nz
      ia(ri(e) + 1) = ia(ri(e) + 1) + 1
    end do
    ia(1) = 1
    do i = 2, n + 1
      ia(i) = ia(i) + ia(i - 1)
    end do
    do p = 1, nz
      e = bycol(p)
      i = ri(e)
      ja(ia(i)) = ci(e)
      a(ia(i)) = v(e)
      ia(i) = ia(i) + 1
    end do
    ! Each ia(i) now holds the start of row i + 1: shift them back.
    do i = n + 1, 2, -1
      ia(i) = ia(i - 1)
    end do
    ia(1) = 1

    do i = 1, n
      do p = ia(i) + 1, ia(i + 1) - 1
        if (ja(p) == ja(p - 1)) call fail (path, 'an entry is given twice')
      end do
    end do
  end subroutine coo_to_csr

  ! The 5-point Laplacian of a G x G grid as a 1-based CSR (N = M = G*G):
  ! 4 on the diagonal, -1 to each neighbour; used when no file is given.
  subroutine grid_laplacian (g, n, m, ia, ja, a)
    integer, intent(in) :: g
    integer(c_int), intent(out) :: n, m
    integer(c_int), allocatable, intent(out) :: ia(:), ja(:)
    real(c_double), allocatable, intent(out) :: a(:)
    integer :: x, y, row, p

    n = g * g
    m = n
    allocate (ia(n + 1), ja(5 * n), a(5 * n))
    p = 1
    do y = 1, g
      do x = 1, g
        row = x + (y - 1) * g
        ia(row) = p
        ! Columns in increasing order: below, left, self, right, above.
        if (y > 1) call put (row - g, -1.0_c_double)
        if (x > 1) call put (row - 1, -1.0_c_double)
        call put (row, 4.0_c_double)
        if (x < g) call put (row + 1, -1.0_c_double)
        if (y < g) call put (row + g, -1.0_c_double)
      end do
    end do
    ia(n + 1) = p

  contains

    subroutine put (col, val)
      integer, intent(in) :: col
      real(c_double), intent(in) :: val
      ja(p) = col
      a(p) = val
      p = p + 1
    end subroutine put

  end subroutine grid_laplacian

end module csr_io
