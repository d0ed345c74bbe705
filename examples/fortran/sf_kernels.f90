! sf_kernels.f90: the interface blocks of the C kernels in kernels.c.
!
! BIND(C) gives the C names; scalars are passed by VALUE; arrays are
! explicit-shape or assumed-size, so that each argument is the address of
! its first element, as the C side expects.  (An assumed-shape dummy,
! X(:,:), would make gfortran pass a descriptor instead: never use one
! here.)  INTEGER(C_INT) says what C's int is, whatever -fdefault-integer-8
! makes of INTEGER.

module sf_kernels
  use iso_c_binding, only: c_int, c_double
  implicit none

  interface
    ! Y(N,K) = B * X(M,K) for the 1-based CSR B = (IA, JA, A).
    subroutine spmm_csr1 (n, m, k, ia, ja, a, x, y) bind(c, name='spmm_csr1')
      import :: c_int, c_double
      integer(c_int), value :: n, m, k
      integer(c_int), intent(in) :: ia(n + 1), ja(*)
      real(c_double), intent(in) :: a(*), x(m, k)
      real(c_double), intent(out) :: y(n, k)
    end subroutine spmm_csr1

    ! The GNN layer: OUT(:,i) = sum over B(i,j) of
    ! B(i,j) * dot(C(:,i), D(:,j)) * E(:,j).
    subroutine gnn_csr1 (n, m, kf, lf, ia, ja, a, c, d, e, out) &
        bind(c, name='gnn_csr1')
      import :: c_int, c_double
      integer(c_int), value :: n, m, kf, lf
      integer(c_int), intent(in) :: ia(n + 1), ja(*)
      real(c_double), intent(in) :: a(*), c(kf, n), d(kf, m), e(lf, m)
      real(c_double), intent(out) :: out(lf, n)
    end subroutine gnn_csr1

    ! 1 when kernels.c was compiled with the plugin, 0 otherwise.
    function kernels_use_plugin () bind(c, name='kernels_use_plugin')
      import :: c_int
      integer(c_int) :: kernels_use_plugin
    end function kernels_use_plugin
  end interface

end module sf_kernels
