# Debian package and tarball through CPack. The package depends on the
# distribution's Qt (shlibdeps), which is the practical route on Debian 12.
set(CPACK_PACKAGE_NAME scalescope)
set(CPACK_PACKAGE_VENDOR "ScaleScope")
set(CPACK_PACKAGE_CONTACT "ScaleScope developers <dev@scalescope.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
if(SCALESCOPE_BUILD_GUI)
  install(FILES ${PROJECT_SOURCE_DIR}/installer/scalescope.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${PROJECT_SOURCE_DIR}/installer/io.scalescope.ScaleScope.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/scalescope.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
endif()
include(CPack)
