import os
from glob import glob

from setuptools import find_packages, setup

package_name = 'rover_gazebo'

setup(
    name=package_name,
    version='0.1.0',
    packages=find_packages(exclude=['test']),
    data_files=[
        ('share/ament_index/resource_index/packages', ['resource/' + package_name]),
        ('share/' + package_name, ['package.xml']),
        (os.path.join('share', package_name, 'launch'), glob('launch/*.launch.py')),
        (os.path.join('share', package_name, 'worlds'), glob('worlds/*.sdf')),
        (os.path.join('share', package_name, 'urdf'), glob('urdf/*.urdf')),
        (os.path.join('share', package_name, 'params'), glob('params/*.yaml')),
        (os.path.join('share', package_name, 'models', 'crate'), glob('models/crate/model.*')),
        (os.path.join('share', package_name, 'models', 'crate', 'meshes'), glob('models/crate/meshes/*')),
    ],
    install_requires=['setuptools'],
    zip_safe=True,
    maintainer='nobody',
    maintainer_email='nobody@example.com',
    description='A rover in a warehouse, as a robot simulation package lays it out',
    license='Apache-2.0',
    entry_points={
        'console_scripts': [
            'avoid = rover_gazebo.avoid:main',
        ],
    },
)
